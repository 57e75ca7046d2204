/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The walks up a device's parent chain that build() reconstructs the
 * deprecated layout from: the depth, the nodes a legacy path prints, each
 * node's kind, the PHYSDEV node and the class-device links, and the
 * strings of each node; each step a bpf_loop() callback over the walk in
 * the scratch map. Included by sysfs_audit.bpf.c after its maps and
 * struct walk, before build().
 */
#ifndef SYSFS_AUDIT_LEGACY_CHAIN_BPF_H
#define SYSFS_AUDIT_LEGACY_CHAIN_BPF_H

/* Number of components of a kobject's path (its depth below /sys). */
static __always_inline __u8 kobj_depth(struct kobject *k, __u16 *trunc)
{
	__u8 d = 0;

	for (int i = 0; i < SA_MAX_KOBJ; i++) {
		if (!k)
			return d;
		d++;
		k = BPF_CORE_READ(k, parent);
	}
	if (k)
		*trunc |= SA_T_KOBJ;
	return d;
}

/*
 * The walks up the legacy parent chain are bpf_loop() callbacks, not
 * unrolled loops: the verifier goes through a callback once, and through
 * an unrolled loop once per iteration, which multiplied the fexit
 * program's verified instructions and boot --start's load time.
 * Each finds the walk in the scratch map and its position in w->cursor.
 */
static __always_inline struct walk *walk_get(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&scratch, &zero);
}

/* One step of need_path(). */
static int need_step(__u32 k, void *ctx)
{
	struct walk *w = walk_get();
	int i;

	if (!w)
		return 1;
	i = w->cursor;
	if (i < 0 || i >= SA_MAX_CHAIN)
		return 1;
	w->need[MASK(i)] = 1;
	w->cursor = w->out.r.node[MASK(i)].lparent;
	return 0;
}

/* Mark the legacy parent chain of node i as printed. */
static __always_inline void need_path(struct walk *w, int i)
{
	w->cursor = i;
	bpf_loop(SA_MAX_CHAIN, need_step, NULL, 0);
}

/*
 * Step 2 of build() for node @idx: its legacy parent and kind (no memory
 * reads). The node's own facts are read before its parent's index is
 * worked out: 6.12's verifier links the two indexes and loses the node's
 * bound (it rejected "math between map_value pointer and register with
 * unbounded min value").
 */
static int node_kind(__u32 idx, void *ctx)
{
	struct walk *w = walk_get();
	__u32 i = MASK(idx);
	const void *cls;
	struct sa_rnode *nd;
	bool card, block, part;
	int n, p, lp;

	if (!w)
		return 1;
	n = w->out.r.nchain;
	if ((int)idx >= n)
		return 1;
	cls = w->class[i];
	card = w->card[i];
	block = w->block[i];
	part = w->part[i];
	nd = &w->out.r.node[i];
	nd->flags = 0;
	nd->name = nd->class = 0;
	nd->kdepth = 0;
	p = idx + 1;
	barrier_var(p);
	if (p < n && w->card[MASK(p)])
		p++;
	lp = p < n ? p : -1;
	nd->lparent = lp;
	if (card)
		nd->kind = SA_K_NONE;
	else if (block)
		nd->kind = part && lp >= 0 ? SA_K_CHILD : SA_K_BLOCK;
	else if (cls)
		nd->kind = lp >= 0 && w->class[MASK(lp)] == cls ? SA_K_CHILD : SA_K_CLASS;
	else
		nd->kind = lp >= 0 ? SA_K_CHILD : SA_K_MODERN;
	return 0;
}

/* Step 3: up from w->cursor to the first node on a bus (the PHYSDEV node). */
static int bus_step(__u32 k, void *ctx)
{
	struct walk *w = walk_get();
	int q;

	if (!w)
		return 1;
	q = w->cursor;
	if (q < 0 || w->bus[MASK(q)])
		return 1;
	w->cursor = w->out.r.node[MASK(q)].lparent;
	return 0;
}

/* Step 4: up from w->cursor while a class device on no bus has a parent. */
static int devlink_step(__u32 k, void *ctx)
{
	struct walk *w = walk_get();
	int t, up;

	if (!w)
		return 1;
	t = MASK(w->cursor);
	up = w->out.r.node[t].lparent;
	if (!w->class[t] || w->bus[t] || up < 0)
		return 1;
	w->cursor = up;
	return 0;
}

/* Step 1 of build() for chain node @idx (a bpf_loop() callback). */
static int chain_node(__u32 idx, void *ctx)
{
	__u32 zero = 0, i = MASK(idx);
	struct walk *w = bpf_map_lookup_elem(&scratch, &zero);
	const struct device_type *type;
	const char *tname = NULL;
	struct device *dev;
	__u64 t = 0, c = 0;

	if (!w)
		return 1;
	dev = w->cur;
	if (!dev)
		return 1;
	w->dev[i] = dev;
	w->class[i] = BPF_CORE_READ(dev, class);
	w->bus[i] = BPF_CORE_READ(dev, bus);
	w->need[i] = 0;
	type = BPF_CORE_READ(dev, type);
	if (type)
		tname = BPF_CORE_READ(type, name);
	t = str8(tname);
	if (w->class[i]) {
		const struct class *cls = w->class[i];

		c = str8(BPF_CORE_READ(cls, name));
	}
	w->block[i] = c == S8('b', 'l', 'o', 'c', 'k', 0, 0, 0);
	w->part[i] = t == S8('p', 'a', 'r', 't', 'i', 't', 'i', 'o');
	w->card[i] = 0;
	if (c == S8('s', 'o', 'u', 'n', 'd', 0, 0, 0)) {
		char nm[8] = {};

		bpf_probe_read_kernel_str(nm, sizeof(nm), BPF_CORE_READ(dev, kobj.name));
		w->card[i] = nm[0] == 'c' && nm[1] == 'a' && nm[2] == 'r' && nm[3] == 'd' &&
			     nm[4] >= '0' && nm[4] <= '9';
	}
	/* SCSI hosts and targets were not on the scsi bus. */
	if (t == S8('s', 'c', 's', 'i', '_', 'h', 'o', 's') ||
	    t == S8('s', 'c', 's', 'i', '_', 't', 'a', 'r'))
		w->bus[i] = NULL;
	w->cur = BPF_CORE_READ(dev, parent);
	w->out.r.nchain = idx + 1;
	return 0;
}

/* Step 5 of build() for node @idx: the strings its printed path uses (bpf_loop()). */
static int node_strings(__u32 idx, void *ctx)
{
	__u32 zero = 0, i = MASK(idx);
	struct walk *w = bpf_map_lookup_elem(&scratch, &zero);
	const struct class *cls;
	struct sa_rnode *nd;
	struct sa_rec *e;
	struct device *d;
	__u16 before;

	if (!w)
		return 1;
	e = &w->out.r;
	if (idx >= e->nchain)
		return 1;
	nd = &e->node[i];
	if (!w->need[i] && !(i == 0 && w->class[0]))
		return 0;
	d = w->dev[i];
	if (nd->kind == SA_K_MODERN) {
		nd->kdepth = kobj_depth(&d->kobj, &e->trunc);
		return 0;
	}
	/* Per-node flags: what this node's strings added to trunc. */
	before = e->trunc;
	e->trunc = 0;
	nd->name = put_str(w, SA_NAME_LEN, BPF_CORE_READ(d, kobj.name), SA_T_NAME);
	cls = w->class[i];
	if (cls && (nd->kind == SA_K_CLASS || i == 0))
		nd->class = put_str(w, SA_CLASS_LEN, BPF_CORE_READ(cls, name), SA_T_CLASS);
	nd->flags = e->trunc;
	e->trunc |= before;
	return 0;
}

#endif
