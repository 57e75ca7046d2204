#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The pictures' checks, one line per problem on stdout, exit 1 if any.

  check_page.py source FILE        the file as written: nothing that loads
                                   or runs (no script, no src=, no URL, an
                                   href only to #fragment; HTML: a CSP that
                                   forbids scripts and loads, allowing the
                                   one stylesheet by its SHA-256, and no
                                   style attribute, which it would block)
  check_page.py dom DUMP TEXT...   a browser's DOM (chromium --dump-dom):
                                   no element a host name could have made,
                                   and each TEXT present as text
"""
import base64
import hashlib
import re
import sys
from html.parser import HTMLParser

# Elements neither renderer writes: any of them came from a report.
FORBIDDEN = {"script", "img", "iframe", "object", "embed", "link", "base", "form", "input",
             "audio", "video", "source", "foreignobject", "image", "use", "a", "b", "i",
             "svg:script", "animate", "set"}
ALLOWED_SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text, self.attrs, self.styles = [], [], [], []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [(tag, k, v or "") for k, v in attrs]
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.styles.append(data)
        self.text.append(data)


def source(path):
    raw = open(path, encoding="utf-8").read()
    bad = []
    html = not raw.startswith("<?xml")
    scan = raw.replace(ALLOWED_SVG_NS, "", 0 if html else 1)
    if re.search(r"(?i)<script", scan):
        bad.append(f"{path}: a <script")
    p = Page()
    p.feed(scan)
    # What a browser loads or runs is in attributes and stylesheets; the
    # text may say anything (an escaped host name "<img src=...>" is text).
    code = "\n".join([v for _, _, v in p.attrs] + p.styles)
    for pat, what in ((r"(?i)javascript:", "a javascript: URL"),
                      (r"(?i)https?://", "an http(s) URL"), (r"(?i)@import", "an @import"),
                      (r"(?i)url\((?!#)", "a url() outside the page")):
        if re.search(pat, code):
            bad.append(f"{path}: {what} in an attribute or stylesheet")
    for tag, k, v in p.attrs:
        if k in ("src", "srcset", "data", "poster", "action", "formaction", "background"):
            bad.append(f"{path}: a {k}= attribute on <{tag}>")
        if k.startswith("on"):
            bad.append(f"{path}: an event handler {k}= on <{tag}>")
        if k in ("href", "xlink:href") and not v.startswith("#"):
            bad.append(f"{path}: <{tag} {k}={v!r}> leaves the page")
        if k == "style" and html:
            bad.append(f"{path}: a style attribute on <{tag}> (the CSP blocks it)")
    for t in FORBIDDEN & set(p.tags):
        bad.append(f"{path}: a <{t}> element")
    if html:
        csp = [v for tag, k, v in p.attrs if tag == "meta" and k == "content"
               and "default-src" in v]
        if len(csp) != 1:
            bad.append(f"{path}: not exactly one Content-Security-Policy meta")
        else:
            for need in ("default-src 'none'", "script-src 'none'", "object-src 'none'",
                         "base-uri 'none'", "form-action 'none'"):
                if need not in csp[0]:
                    bad.append(f"{path}: the CSP lacks {need}")
            if len(p.styles) != 1:
                bad.append(f"{path}: not exactly one <style>")
            else:
                h = base64.b64encode(hashlib.sha256(p.styles[0].encode()).digest()).decode()
                if f"style-src 'sha256-{h}'" not in csp[0]:
                    bad.append(f"{path}: the CSP's style hash is not the stylesheet's ({h})")
            if "unsafe" in csp[0]:
                bad.append(f"{path}: the CSP allows something unsafe")
    return bad


def dom(path, texts):
    p = Page()
    p.feed(open(path, encoding="utf-8", errors="replace").read())
    bad = [f"{path}: a <{t}> element in the DOM" for t in sorted(FORBIDDEN & set(p.tags))]
    if not p.tags:
        bad.append(f"{path}: no DOM at all")
    text = "".join(p.text)
    for t in texts:
        if t not in text:
            bad.append(f"{path}: {t!r} is not in the page's text")
    return bad


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("source", "dom"):
        sys.exit(__doc__)
    bad = source(sys.argv[2]) if sys.argv[1] == "source" else dom(sys.argv[2], sys.argv[3:])
    for b in bad:
        print(b)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
