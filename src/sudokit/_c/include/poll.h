/* include/poll.h -- how a long search lets its caller interrupt it (plain C, no Python).
 *
 * Every search kernel takes a last argument `sk_poll *poll`.  Given one, the kernel calls
 * poll->check(poll) about once every SK_POLL_EVERY nodes (learn: search steps), at a point
 * where it could stop cleanly; a nonzero answer abandons the search and the kernel returns
 * SK_INTERRUPTED (its other outputs are then meaningless, except that an interrupted
 * sk_learn_resume leaves its run resumable, exactly as a spent budget does).  NULL: never
 * interrupted (the fuzz harness, the C benchmarks).
 *
 * The binding's check re-takes the GIL and runs Python's signal handlers, so Ctrl-C stops a
 * search of hours within a fraction of a second.  Checking every 2^14 nodes costs a masked
 * test of the node counter per node and one GIL round trip (about a microsecond) every
 * 2^14 nodes: within noise (see bind/module.c for the figures).
 * (Rejected: a C signal handler setting a flag -- it would replace Python's own handler.)
 */
#ifndef SUDOKIT_SK_POLL_H
#define SUDOKIT_SK_POLL_H

#include <stdint.h>

typedef struct sk_poll sk_poll;
struct sk_poll {
    int (*check)(sk_poll *self);   /* nonzero: abandon the search */
};

#define SK_INTERRUPTED (-2)          /* what a kernel returns when poll->check said stop */
#define SK_POLL_EVERY ((uint64_t)1 << 14)

/* 1 if this node is a polling point and the caller wants the search abandoned. */
static inline int sk_poll_stop(sk_poll *poll, uint64_t nodes)
{
    return poll && (nodes & (SK_POLL_EVERY - 1)) == 0 && poll->check(poll);
}

#endif /* SUDOKIT_SK_POLL_H */
