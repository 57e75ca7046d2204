/* SPDX-License-Identifier: GPL-2.0 */
/* What a trace counted and cost: the summary, the report and the bench read it. */
#ifndef SYSFS_AUDIT_MODEL_TRACE_STATS_H
#define SYSFS_AUDIT_MODEL_TRACE_STATS_H

/* seen = emitted + lost; emitted = consumed + unread. */
struct sa_trace_stats {
	unsigned long long seen;	/* device uevents the BPF program saw */
	unsigned long long emitted;	/* records it put on the ring buffer */
	unsigned long long lost;	/* records dropped: ring buffer full */
	unsigned long long consumed;	/* records read by the loader */
	unsigned long long unread;	/* still on the ring buffer when the trace ended */
	unsigned long long skipped;	/* not a device uevent (uevent file reads, ...) */
	unsigned long long malformed;	/* records that could not be decoded (or resolved) */
	/* Costs: BPF run time (kernel.bpf_stats_enabled=1, else 0) and the loader's. */
	unsigned long long bpf_run_ns, bpf_run_cnt;
	unsigned long long cpu_ms;	/* loader user + system time */
	unsigned long long maxrss_kb;	/* loader peak RSS */
	unsigned long long ring_hwm_kb;	/* most data pending on the ring at once */
};

#endif
