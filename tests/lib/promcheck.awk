# Strict check of a Prometheus text exposition (node_exporter textfile):
# every line a HELP, a TYPE or a sample; HELP and TYPE once per metric and
# before its samples; samples grouped under their TYPE; names and label
# names valid; label values quoted with only \\ \" \n escapes; no label
# name twice in a sample; no series twice; counters end in _total and are
# non-negative. Prints one line per problem and exits 1 if there was any.
function bad(msg) { printf "line %d: %s: %s\n", NR, msg, $0; errors++ }
BEGIN { name_re = "^[a-zA-Z_:][a-zA-Z0-9_:]*$"; errors = 0 }
/^# HELP / {
	n = $3
	if (n !~ name_re) bad("invalid metric name")
	if (n in help) bad("second HELP")
	if (n in type) bad("HELP after TYPE")
	if (NF < 4) bad("HELP without text")
	help[n] = 1
	next
}
/^# TYPE / {
	n = $3
	if (n !~ name_re) bad("invalid metric name")
	if (n in type) bad("second TYPE")
	if (n in seen_sample) bad("TYPE after samples")
	if (NF != 4 || $4 !~ /^(counter|gauge|histogram|summary|untyped)$/) bad("invalid TYPE")
	if ($4 == "counter" && n !~ /_total$/) bad("counter name without _total")
	type[n] = $4
	current = n
	next
}
/^#/ { next }
/^$/ { bad("empty line"); next }
{
	line = $0
	if (!match(line, /^[a-zA-Z_:][a-zA-Z0-9_:]*/)) { bad("no metric name"); next }
	n = substr(line, 1, RLENGTH)
	rest = substr(line, RLENGTH + 1)
	if (n != current) bad("sample not under its own TYPE")
	if (!(n in help)) bad("sample without HELP")
	seen_sample[n] = 1
	delete lnames
	labels = ""
	if (substr(rest, 1, 1) == "{") {
		rest = substr(rest, 2)
		while (substr(rest, 1, 1) != "}") {
			if (!match(rest, /^[a-zA-Z_][a-zA-Z0-9_]*="/)) { bad("invalid label"); next }
			ln = substr(rest, 1, RLENGTH - 2)
			if (ln in lnames) bad("label twice")
			lnames[ln] = 1
			rest = substr(rest, RLENGTH + 1)
			# the value: plain characters or \\ \" \n, up to the closing quote
			if (!match(rest, /^([^"\\\n]|\\\\|\\"|\\n)*"/)) { bad("invalid label value"); next }
			labels = labels ln "=" substr(rest, 1, RLENGTH) ","
			rest = substr(rest, RLENGTH + 1)
			if (substr(rest, 1, 1) == ",") rest = substr(rest, 2)
			else if (substr(rest, 1, 1) != "}") { bad("expected , or }"); next }
		}
		rest = substr(rest, 2)
	}
	if (rest !~ /^ [-+]?([0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?|NaN|[+-]?Inf)( -?[0-9]+)?$/) {
		bad("invalid value")
		next
	}
	split(substr(rest, 2), v, " ")
	if (type[n] == "counter" && v[1] + 0 < 0) bad("negative counter")
	key = n "{" labels "}"
	if (key in series) bad("series twice")
	series[key] = 1
	samples++
}
END {
	if (errors) exit 1
	printf "%d samples, %d metrics\n", samples, length(type)
}
