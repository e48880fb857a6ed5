/* The compiled core of the double-dummy solver (tutor.play._solver).
 *
 * The same search as the pure-Python reference in tutor/play/solver.py: exact alpha-beta
 * on the card points of one team ("max team"; the Python side turns the declarer's goal,
 * Misère included, into that), zero-window probes (MTD(f)) reusing one transposition
 * table, the table at trick boundaries keyed on the remaining cards in their relative
 * order (owner and point value of each, suit by suit), move ordering, one candidate per
 * group of equivalent cards, bounds from the points still out, from the leader's sure
 * tricks and from the top trumps (both teams).
 *
 * No rule of play is typed here: the order of the cards (their strength for each suit
 * led, 0 = cannot win) and their points come from tutor/play/rules.py at every call; only
 * the choice of legal cards is written again (legal_moves), and the tests prove it equal
 * to rules.legal on random positions.
 *
 * Cards are numbered 0..35 as tutor.cards.DECK: suit * 9 + rank. Seats 0..3 = A B C D,
 * teams 0 = A and C, 1 = B and D.
 */
/* The interface's version: tutor/play/solver.py's CORE_ABI must be the same, or solver.py
 * leaves this module unused (a core built from an older source, its arguments or results
 * not the ones solver.py passes) and says once that it is out of date. Raise both whenever
 * an argument, a result or a meaning of an option changes between the two. */
#define CORE_ABI 4

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <time.h>
#include <stdlib.h>
#include <limits.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define NCARDS 36
#define NSUITS 4
#define LAST_TRICK_DEFAULT 5

/* Option 1 << 30: a solve that starts a table (no held table of its deal) and table_load start at
 * a part of the table that depends on the deal (and a loaded table's entries) alone, 2^16 entries
 * grown by the search's own fill, not at the part this process used already (tt_touched): the same
 * solve then searches the same nodes in every process, whatever it solved before (a fork pool's
 * worker and the order of its deals; the entries of a part of another size fall into other
 * buckets, so a few are given up at other times). It changes no answer. */
#define OWN_TABLE_PART (1 << 30)

typedef uint64_t u64;

/* ---- the transposition table ------------------------------------------------------ */
/* 32 bytes, two to a cache line (a bucket of BUCKET entries is one or two lines). The
 * key (make_key) is the position exactly, in 110 bits; left and leader are part of it. */
typedef struct {
    u64 k[2];          /* the key: 27 bits per suit, the leader in bits 54-55 of k[1] */
    uint32_t gen;      /* which solve wrote it; other generations are empty */
    int16_t lo, hi;    /* bounds on the max team's points from here on */
    uint8_t best, left, work, pad[5];   /* work: the bit length of the nodes its last search took */
} Entry;

#define BUCKET 4
_Static_assert(sizeof(Entry) == 32, "a table entry is 32 bytes");

static Entry *tt = NULL;
static u64 tt_mask = 0;          /* number of entries - 1 (2^22 entries, 128 MB, allocated on first use) */
static uint32_t tt_gen = 0;


/* The table lives in huge pages where the system gives them (Linux, transparent huge
 * pages on request): a probe of a random entry then misses the TLB far less often, which
 * was a third of the search's time with 4 kB pages (measured: benchmarks/README.md).
 * Its memory comes zeroed from the system page by page as a search first touches it
 * (mmap / calloc), never cleared by hand: a small endgame uses the start of the table
 * only, so a process that solves one endgame does not pay for the whole table (a memset of the
 * whole table took 0.6 s of CPU on the first call). */
static size_t tt_bytes = 0;

static Entry *tt_alloc(size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = n * sizeof(Entry), align = (size_t)1 << 21;
    char *p = mmap(NULL, bytes + align, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    char *a = (char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
    if (a > p) munmap(p, (size_t)(a - p));                     /* the unaligned head */
    if (a + bytes < p + bytes + align) munmap(a + bytes, (size_t)(p + bytes + align - (a + bytes)));
    madvise(a, bytes, MADV_HUGEPAGE);
    tt_bytes = bytes;
    return (Entry *)a;
#else
    return (Entry *)calloc(n, sizeof(Entry));
#endif
}

static void tt_free(Entry *t) {
    if (!t) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(t, tt_bytes);
#else
    free(t);
#endif
}

/* The table's first bytes whose pages a search with a time limit made ready (tt_ready). */
static size_t tt_ready = 0;

static int tt_init(int log2size) {
    if (tt && tt_mask + 1 == ((u64)1 << log2size)) return 0;
    tt_free(tt);
    tt_ready = 0;
    tt = tt_alloc((size_t)1 << log2size);
    if (!tt) { tt_mask = 0; PyErr_NoMemory(); return -1; }
    tt_mask = ((u64)1 << log2size) - 1;
    tt_gen = 0;
    return 0;
}

/* The slots of the table this generation took, in the order taken (table_save reads a
 * deal's entries from them, not from a scan of the table's 128 MB): a slot is added where
 * the search takes a free one (boundary_search, tt_store), and tt_grow writes the list
 * anew as it moves the entries. Where it could not grow (no memory) table_save scans. */
static uint32_t *tt_log = NULL;
static size_t tt_nlog = 0, tt_logcap = 0;
static uint32_t tt_log_gen = 0;   /* the generation the list is of */
static int tt_log_lost = 0;       /* ... and a slot of it was not added */

static void tt_log_add(u64 i) {
    if (tt_log_gen != tt_gen) { tt_nlog = 0; tt_log_gen = tt_gen; tt_log_lost = 0; }
    if (tt_nlog == tt_logcap) {
        size_t cap = tt_logcap ? 2 * tt_logcap : (size_t)1 << 16;
        uint32_t *l = realloc(tt_log, cap * sizeof *l);
        if (!l) { tt_log_lost = 1; return; }
        tt_log = l; tt_logcap = cap;
    }
    tt_log[tt_nlog++] = (uint32_t)i;
}

/* ---- one search ------------------------------------------------------------------- */
typedef struct {
    /* tables from rules.py */
    int pts[NCARDS];
    int str[NSUITS][NCARDS];     /* strength of a card when this suit is led */
    int suit[NCARDS];
    int vcode[NCARDS];           /* index of the card's point value among the distinct values */
    int nvals;                   /* the distinct point values, low to high, and their cards */
    int vval[16];
    u64 vmask[16];
    int pos[NCARDS];             /* the card's place in its suit's order, 0 = the highest */
    uint16_t canon[NSUITS][512]; /* a suit's live cards (bit i: the i-th highest) -> the
                                    first places in the order with the same values in turn */
    int ord[NSUITS][9];          /* the cards of a suit, high to low */
    int nord[NSUITS];
    const uint16_t *posbits[NSUITS]; /* a suit's cards (bit r: the card suit * 9 + r) -> their
                                    places in the suit's order (bit i: the i-th highest);
                                    one table per order of the ranks (order_places) */
    u64 suitmask[NSUITS];
    int trump;                   /* suit index, -1 without trump */
    int puur;                    /* card index of the Puur, -1 without trump */
    int last_bonus;
    /* position */
    u64 hand[4];
    int handpts;                 /* points still in the hands */
    int table[4];
    int leader;                  /* of the current trick */
    u64 tlive;                   /* the cards not played before the current trick */
    int tleft;                   /* the cards a hand held when the current trick was led */
    u64 bkey[11][2];             /* the key of the boundary with this many cards a hand on the */
    int bvalid[11];              /* search's path (next_key), if it was made */
    int maxteam;                 /* whose points are counted: the declaring team */
    int maxside;                 /* the team that maximises them (the other one in a Misère) */
    /* options */
    int l2cache;                 /* the exact two-trick endings kept (last_two_exact) */
    int misere_void;             /* a Misère's leads: first where the partner has none of the suit, last
                                    where an opponent has none; its discards: the strongest first */
    int second_order;            /* the followers' order of this round (second hand under the partner's
                                    top card, a Misère's third hand, trumping with few points) */
    int incr_key;                /* the table key made from the key one trick up (next_key) */
    int fast2, use_tt, use_equiv, use_order, use_sure, use_sure_low, use_forced, lead_order, follow_order, misere_order;
    int sure_runs;               /* the cashing bound counts length winners and an entry to the partner */
    int sure_shares;             /* ... and the cards each hand must or may give into its tricks (the
                                    opponents' forced follows, the own team's dearest) */
    u64 mask;                    /* the part of the table this solve uses: it grows (tt_grow) */
    u64 mask_cap;                /* ... up to this, by the deal's size */
    long long fill, grow_at;     /* the entries this generation wrote into free slots; tt_grow at grow_at */
    int three;                   /* the third trick from the end played out by three_rec */
    int three_notab;             /* ... and its boundaries kept out of the table */
    int k3;                      /* the lead that last cut off in three_rec (-1: none yet) */
    int killer;                  /* a boundary without a table's card leads first ... */
    int itt_from;                /* the positions inside a trick led with this many cards a hand or more keep
                                  * their bounds in a table of their own (itt[]; 0: none) */
    int etc_from;                /* the fourth hand looks the boundaries after his cards up in the table first
                                  * where the trick leaves this many cards a hand or more (0: never) */
    int kb[11][2];               /* ... the lead that last cut off at a boundary with as many cards a
                                    hand, led by the same team (-1: none yet) */
    int keep_work;               /* the table gives up the entries of the smallest searches first */
    int keep_hint;               /* where every lead fails, the table keeps the card it had (none if new) */
    int three_cache;             /* the boundaries three_rec plays out keep their bounds (three_cache[]) */
    int l2_open;                 /* the two-trick cache's endings searched with an open window */
    int r3;                      /* three_rec: the points at its boundary (the last trick's included) */
    int m3;                      /* ... 0 where its leader's team is the max team */
    /* forward pruning (an estimate, not the exact value: solver.estimate): at a trick with
     * more than prune_m cards a hand, only the first prune_k leads and prune_kf cards of each
     * follower in the move generation's own order are searched (0: all) */
    int prune_k, prune_kf, prune_m;
    /* budget */
    long long nodes, max_nodes, check_at;   /* check_budget at check_at nodes (next_check) */
    double deadline;             /* 0 = none */
    int stop;                    /* 1 nodes, 2 time, 3 signal */
    /* the root's leads (exact value): the bounds the value's probes proved for each, kept
     * across the probes (the table is at trick boundaries: a lead's own bound is not in it) */
    int root_bounds;             /* kept and used (option 1<<22 off) */
    int root_left;               /* cards a hand at the root: the boundary with as many is the root */
    int rlo[NCARDS], rhi[NCARDS];   /* by the lead's card (the first of its group) */
    /* a part of the root's leads (0: all): only the leads whose group's lowest card is in
     * it are searched there, and the root's own entry is neither read nor stored (its bound
     * is one of this part only); two processes searching the two parts of a probe give, by
     * the better of their two bounds, the probe's answer (solver.solve's workers) */
    u64 root_part;
    int in_child;                /* the second process of a solve (no Python there) */
} S;

/* The clock of the time limit: the wall clock, or (option CPU_TIME) the CPU time of the
 * process, which a loaded machine does not inflate (the benchmark's limit). */
static int cpu_clock = 0;

static double now(void) {
    struct timespec ts;
#ifdef CLOCK_PROCESS_CPUTIME_ID
    clock_gettime(cpu_clock ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The pages of the first `bytes` of the table brought into memory 2 MB at a time, until
 * the clock reaches `deadline`: the first search of a process found them one by one, each
 * first touch a fault that clears a 2 MB huge page (and in a virtual machine may wait for
 * the host): 64 of them for a full deal's table, 7 ms to 0.54 s in all, one up to 19 ms
 * (benchmarks/README.md). A nine-card search touches nearly all of them within its first
 * few hundred nodes, before it asks the clock; made ready here with the clock asked
 * between them, a time limit holds to within one page's fault. The same memory, zeroed
 * as before: the search and its answers do not change. */
static void tt_prepare(size_t bytes, double deadline) {
    const size_t chunk = (size_t)1 << 21;
    while (tt_ready < bytes && now() < deadline) {
        size_t n = bytes - tt_ready < chunk ? bytes - tt_ready : chunk;
        char *p = (char *)tt + tt_ready;
#ifdef MADV_POPULATE_WRITE
        if (madvise(p, n, MADV_POPULATE_WRITE) != 0)   /* not before Linux 5.14: touched */
#endif
            for (size_t i = 0; i < n; i += 4096) { volatile char *q = p + i; *q = *q; }
        tt_ready += n;
    }
}

#define TEAM(seat) ((seat) & 1)

/* The number of cards in a mask: the portable build has no popcount instruction, and the
 * library's function is a call. */
static inline int popc(u64 x) {
    x = x - (x >> 1 & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL) * 0x0101010101010101ULL >> 56);
}
static inline int lowbit(u64 x) { return __builtin_ctzll(x); }

/* The places in its suit's order of the cards of `m` in suit su (bit i: the i-th highest):
 * a suit's live cards from the highest down are its lowest set bits first. */
static inline unsigned places(const S *s, int su, u64 m) { return s->posbits[su][(m >> (9 * su)) & 511]; }

/* Does card c take the trick from the card that wins it so far, whose strength for the
 * suit led ls is ws (-1 before the lead)? "The highest trump, else the highest card of the
 * suit led" is the one strength table of rules.py (0: cannot win; every trump above every
 * card of the suit led); every card played into a trick asks it here (the trick's state,
 * the followers' orders, the two last tricks, the last trick, three_rec and its keys, the
 * fourth hand), so the copies cannot drift apart (callgrind: the same instructions). */
static inline int takes(const S *s, int ls, int ws, int c) { return s->str[ls][c] > ws; }

/* The budget, the clock and Ctrl-C, asked once the nodes reach s->check_at: every 2^16
 * nodes, and at the node budget itself (the count jumps where the last tricks are played
 * out, so a test of every 2^16-th node missed most of its turns: a budget under 2^16 was
 * never asked, a full deal ran 20 % to 2x past a larger one). The first 2^20 nodes of a deal
 * of eight or nine cards every 2^12: there the first search of a process touches the table's
 * pages for the first time (2^16 nodes took 0.7 s, --max-seconds 0.05 stopped after 0.7 s). */
static void next_check(S *s) {
    s->check_at = s->nodes + (s->root_left >= 8 && s->nodes < (1 << 20) ? 1 << 12 : 1 << 16);
    if (s->max_nodes && s->check_at > s->max_nodes) s->check_at = s->max_nodes;
}

static int par_check(S *s);   /* two processes: the other's part decided the probe (4) */

static int check_budget(S *s) {
    if (s->max_nodes && s->nodes >= s->max_nodes) { s->stop = 1; return 1; }
    if (s->deadline > 0 && now() >= s->deadline) { s->stop = 2; return 1; }
    if (par_check(s)) { s->stop = 4; return 1; }
    if (!s->in_child && PyErr_CheckSignals() < 0) { s->stop = 3; return 1; }
    next_check(s);
    return 0;
}

/* The legal cards of `hand` with `k` cards on the table (mirrors rules.legal). */
static u64 legal_follow(const S *s, u64 hand, int ls, int top);
static inline __attribute__((always_inline)) u64 follow_rule(const S *s, u64 hand, int ls, int top);

static u64 legal_moves(const S *s, u64 hand, int k) {
    if (k == 0) return hand;
    int ls = s->suit[s->table[0]], top = 0;   /* the highest trump on the table, if any */
    for (int i = 0; i < k; i++) {
        int c = s->table[i];
        if (s->suit[c] == s->trump && s->str[s->trump][c] > top) top = s->str[s->trump][c];
    }
    return legal_follow(s, hand, ls, top);
}

/* The same, following a lead of suit ls with `top` the strength of the highest trump on
 * the table (0: none). The rule itself in follow_rule, which the two last tricks inline. */
static u64 legal_follow(const S *s, u64 hand, int ls, int top) { return follow_rule(s, hand, ls, top); }

static inline __attribute__((always_inline)) u64 follow_rule(const S *s, u64 hand, int ls, int top) {
    u64 follow = hand & s->suitmask[ls];
    if (s->trump < 0) return follow ? follow : hand;
    u64 trumps = hand & s->suitmask[s->trump];
    if (ls == s->trump) {
        if (!trumps) return hand;
        if (trumps == ((u64)1 << s->puur)) return hand;   /* the Puur need not be played */
        return trumps;
    }
    u64 allowed = follow ? (follow | trumps) : hand;
    if (top && trumps != hand) {
        /* no undertrumping unless the hand holds nothing but trumps */
        u64 t = trumps;
        while (t) {
            int c = lowbit(t); t &= t - 1;
            if (s->str[s->trump][c] < top) allowed &= ~((u64)1 << c);
        }
        if (!allowed) allowed = hand;   /* cannot happen: trumps != hand */
    }
    return allowed;
}

/* The key of the position at a trick boundary: suit by suit, the remaining cards in
 * their order, each with its owner and point value; the actual ranks are forgotten. Per
 * suit 27 bits: the owners of the live cards high to low (2 bits each), and which point
 * values they have in turn, as the canonical places of canon[] (9 bits). Two positions
 * have the same key exactly when every suit has the same sequence of (owner, points). */
static inline u64 suit_key(const S *s, int su) {
    /* each hand's cards of the suit by their places; an owner's two bits from them */
    unsigned p1 = places(s, su, s->hand[1]), p2 = places(s, su, s->hand[2]), p3 = places(s, su, s->hand[3]);
    unsigned lm = places(s, su, s->hand[0]) | p1 | p2 | p3, b0 = p1 | p3, b1 = p2 | p3;
    u64 co = 0; int j = 0;
    for (unsigned t = lm; t; t &= t - 1, j += 2) {
        int i = __builtin_ctz(t);
        co |= (u64)((b0 >> i & 1) | (b1 >> i & 1) << 1) << j;
    }
    return s->canon[su][lm] | co << 9;
}

static inline void join_key(const u64 k[NSUITS], int leader, u64 key[2]) {
    key[0] = k[0] | k[1] << 27;
    key[1] = k[2] | k[3] << 27 | (u64)leader << 54;
}

static void make_key(const S *s, int leader, u64 key[2]) {
    u64 k[NSUITS];
    for (int su = 0; su < NSUITS; su++) k[su] = suit_key(s, su);
    join_key(k, leader, key);
}

/* The key after a trick, from the key of the boundary that led it (`prev`): only the
 * suits of the trick's four cards (on the table) change. */
static void next_key(const S *s, const u64 prev[2], int leader, u64 key[2]) {
    const u64 m27 = ((u64)1 << 27) - 1;
    u64 k[NSUITS] = {prev[0] & m27, prev[0] >> 27, prev[1] & m27, prev[1] >> 27 & m27};
    unsigned done = 0;
    for (int j = 0; j < 4; j++) {
        int su = s->suit[s->table[j]];
        if (!(done >> su & 1)) { done |= 1u << su; k[su] = suit_key(s, su); }
    }
    join_key(k, leader, key);
}

static inline u64 key_hash(const u64 key[2]) {
    u64 h = key[0] * 0x9E3779B97F4A7C15ULL;
    h ^= (key[1] + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0xD6E8FEB86659FD93ULL;
    h ^= h >> 32;
    return h;
}

/* The relative name of a card (suit * 16 + its place among the live cards of its suit)
 * for the table's best move, and back. */
static int rel_of(const S *s, u64 live, int card) {
    int su = s->suit[card];
    return su * 16 + popc(places(s, su, live) & ((1u << s->pos[card]) - 1));
}

static int card_of_rel(const S *s, u64 live, int rel) {
    if (rel == 255) return -1;
    int su = rel / 16, want = rel % 16;
    unsigned lp = places(s, su, live);
    for (; lp; lp &= lp - 1, want--) if (!want) return s->ord[su][__builtin_ctz(lp)];
    return -1;
}

/* The trick so far, as its k-th card (k = 1..3) finds it, in one word handed down the
 * search (kept by the card before it, not gathered from the table at every node; a word in
 * a register, not a struct in memory: a struct read back whole just after its fields were
 * stored is a failed store forwarding): the winning card's strength for the suit led (bits
 * 0-7), the strength of the highest trump on the table (8-15, 0: none), the points on the
 * table (16-23), the winning card's place (24-25, 0 = the lead), the suit led (26-27). */
#define TS_WS(t) ((int)((t) & 255))
#define TS_TOP(t) ((int)((t) >> 8 & 255))
#define TS_P(t) ((int)((t) >> 16 & 255))
#define TS_WI(t) ((int)((t) >> 24 & 3))
#define TS_LS(t) ((int)((t) >> 26))

/* The trick after its lead c, and after its k-th card c (k = 1, 2). */
static inline unsigned lead_state(const S *s, int c) {
    int ls = s->suit[c], st = s->str[ls][c];
    return (unsigned)st | (unsigned)(ls == s->trump ? st : 0) << 8 | (unsigned)s->pts[c] << 16 | (unsigned)ls << 26;
}

static inline unsigned next_state(const S *s, unsigned t, int k, int c) {
    int st = s->str[TS_LS(t)][c], su = s->suit[c];
    if (takes(s, TS_LS(t), TS_WS(t), c)) t = (t & ~(255u | 3u << 24)) | (unsigned)st | (unsigned)k << 24;
    if (su == s->trump && s->str[su][c] > TS_TOP(t)) t = (t & ~(255u << 8)) | (unsigned)s->str[su][c] << 8;
    return t + ((unsigned)s->pts[c] << 16);
}

/* The candidates among the legal cards: one from each group of equivalent cards (next to
 * each other among the cards not yet played, this trick's included, held by the same
 * player, worth the same), ordered best first: a stable sort by score, so of two alike the
 * one met first (the suits in turn, a suit's cards from the highest down). gen_leads for
 * the player to lead, gen_follows for the k-th card of a trick (k = 1..3); both return
 * the number of candidates. */
static inline void sort_moves(int n, int *moves, int *score, u64 *group) {
    for (int i = 1; i < n; i++) {   /* insertion sort, best first */
        int m = moves[i], sc = score[i], j = i - 1;
        u64 g = group ? group[i] : 0;
        while (j >= 0 && score[j] < sc) {
            moves[j + 1] = moves[j]; score[j + 1] = score[j];
            if (group) group[j + 1] = group[j];
            j--;
        }
        moves[j + 1] = m; score[j + 1] = sc;
        if (group) group[j + 1] = g;
    }
}

/* The leads; `hint` (the table's best card, -1: none) first. `group` (NULL: not wanted)
 * gets each candidate's whole group as a mask (for the best cards at the root). */
static int gen_leads(const S *s, int player, int hint, int *moves, u64 *group) {
    u64 leg = s->hand[player];
    if (!(leg & (leg - 1))) {   /* one card: nothing to choose or order */
        moves[0] = lowbit(leg);
        if (group) group[0] = leg;
        return 1;
    }
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int n = 0, score[NCARDS];
    for (int su = 0; su < NSUITS; su++) {
        /* the legal cards of the suit and its live ones, by their places in its order */
        if (!(leg & s->suitmask[su])) continue;
        unsigned mp = places(s, su, leg), lp = places(s, su, live);
        int prev_i = -1, prev_pts = -1, topseat = -1, ruff = 0;
        if (s->lead_order) {
            /* who holds the suit's top card; can an opponent trump it? */
            int c = s->ord[su][__builtin_ctz(lp)];
            topseat = (s->hand[0] >> c & 1) ? 0 : (s->hand[1] >> c & 1) ? 1 : (s->hand[2] >> c & 1) ? 2 : 3;
            if (s->trump >= 0 && su != s->trump)
                for (int o = 1; o < 4; o += 2) {
                    u64 oh = s->hand[(player + o) & 3];
                    if (!(oh & s->suitmask[su]) && (oh & s->suitmask[s->trump])) ruff = 1;
                }
        }
        for (unsigned t = mp; t; t &= t - 1) {
            int i = __builtin_ctz(t), c = s->ord[su][i];
            int top = !(lp & ((1u << i) - 1));   /* no live card above it */
            /* the same group as the legal card before it: no live card between them */
            if (s->use_equiv && prev_i >= 0 && prev_pts == s->pts[c] && !(lp & ((1u << i) - (2u << prev_i)))) {
                if (group) group[n - 1] |= (u64)1 << c;
            } else {
                moves[n] = c;
                if (group) group[n] = (u64)1 << c;
                int sc;
                if (s->misere_order) {
                    /* a Misère: both teams want few points; lead what loses (low
                     * cards, points in them for the opponents; first where an
                     * opponent holds a higher card of the suit), the top cards last,
                     * and last of all a suit nobody else holds (it wins for sure) */
                    u64 opp = (s->hand[(player + 1) & 3] | s->hand[(player + 3) & 3]) & s->suitmask[su];
                    int above = (places(s, su, opp) & ((1u << i) - 1)) != 0;
                    sc = top ? 500 - s->str[su][c] : 2000 - 8 * s->str[su][c] + s->pts[c] + 600 * above;
                    if (!((opp | s->hand[(player + 2) & 3]) & s->suitmask[su])) sc = 400 - s->str[su][c];
                    /* first of all a suit the partner has not: he throws his points
                     * under the opponent's card; last of all a suit an opponent has
                     * not: he throws his under ours (option bit 21 off) */
                    else if (s->misere_void && !top && above && !(s->hand[(player + 2) & 3] & s->suitmask[su])) sc += 1000;
                    if (s->misere_void && (!(s->hand[(player + 1) & 3] & s->suitmask[su]) || !(s->hand[(player + 3) & 3] & s->suitmask[su])))
                        sc -= 5000;
                } else if (!s->lead_order) {
                    /* the top card of a suit first (trumps before), then low cards */
                    sc = top ? 3000 + (su == s->trump) * 500 + s->pts[c] : 1000 - 8 * s->pts[c] - s->str[su][c];
                } else if (top) {
                    sc = ruff ? 500 + s->pts[c] : 3000 + (su == s->trump) * 500 + s->pts[c];
                } else if (topseat == ((player + 2) & 3) && !ruff) {
                    sc = 2500 + 8 * s->pts[c] - s->str[su][c];
                } else {
                    sc = (ruff ? 200 : 1000) - 8 * s->pts[c] - s->str[su][c];
                }
                if (c == hint) sc = 100000;
                score[n] = sc;
                n++;
            }
            prev_i = i; prev_pts = s->pts[c];
        }
    }
    if (s->use_order) sort_moves(n, moves, score, group);
    return n;
}

/* How a follower orders his cards, from the state of the trick (gen_follows). */
enum {
    F_KEEP,      /* third hand, the partner's card winning but beatable by the last player */
    F_PARTNER,   /* the partner's card winning */
    F_PTOP,      /* second hand, the partner (the last to play) holding the top card led */
    F_OPP,       /* an opponent's card winning */
    F_MIS_LOW,   /* a Misère: the trick the partner's (or his top card's) */
    F_MIS_OPP    /* a Misère: the trick the opponents' */
};

/* The scored candidates of a follower, suit by suit, in one of the orders above (`mode`
 * a constant where this is inlined: one loop per order, no test of it per card). */
static inline __attribute__((always_inline)) int follow_suits(
        const S *s, const int mode, u64 leg, u64 live, int ls, int ws, int last_max, int *moves, int *score) {
    int n = 0;
    for (int su = 0; su < NSUITS; su++) {
        if (!(leg & s->suitmask[su])) continue;
        unsigned mp = places(s, su, leg), lp = places(s, su, live);
        int led = su == ls, ruffing = !led && su == s->trump;
        /* a discard (not of the suit led): its strength in its own suit counted 16 times
         * (of two alike in points the lower first: the higher may win later; a Misère:
         * its strength first, the points second) */
        int mul = !led && (mode >= F_MIS_LOW ? s->misere_void : s->second_order) ? 16 : 1;
        int prev_i = -1, prev_pts = -1;
        for (unsigned t = mp; t; t &= t - 1) {
            int i = __builtin_ctz(t), c = s->ord[su][i], p = s->pts[c];
            /* the same group as the legal card before it: no live card between them */
            int same = s->use_equiv && prev_i >= 0 && prev_pts == p && !(lp & ((1u << i) - (2u << prev_i)));
            prev_i = i; prev_pts = p;
            if (same) continue;
            int st = s->str[ls][c], wins = takes(s, ls, ws, c), own = mul * s->str[su][c], sc;
            switch (mode) {
            case F_KEEP:   /* keep the points back, or take the trick over where the last player cannot beat it */
                sc = wins ? (st > last_max ? 3500 + 8 * p - st : 900 - st) : 1000 - 8 * p - own;
                break;
            case F_PARTNER:
                sc = wins ? 1000 - st : 3000 + 8 * p - own;
                break;
            case F_PTOP:
                /* leave the trick to the partner's top card: the most points onto it first
                 * (following or discarding), trumping last; winning in the suit led: as F_OPP */
                if (!(led && wins)) { sc = ruffing ? 500 - st : 1000 + 8 * p - own; break; }
                /* fall through */
            case F_OPP:
                /* trumping an opponent's card: with the trump of the fewest points */
                sc = wins && ruffing && s->second_order ? 4000 - 8 * p - st
                   : wins ? 4000 - st + p : 1000 - 8 * p - own;
                break;
            case F_MIS_LOW:   /* few points onto the partner's trick */
                sc = 3000 - 8 * p + own;
                break;
            default:          /* F_MIS_OPP: under an opponent's winner the most points; winning only when forced */
                sc = wins ? 1000 - 8 * p + st : 3000 + 8 * p + own;
                break;
            }
            moves[n] = c; score[n] = sc; n++;
        }
    }
    return n;
}

/* The k-th card of the trick (k = 1..3) led by s->leader, played by `player`; the trick so
 * far is `ts` (lead_state). */
static int gen_follows(const S *s, int k, int player, unsigned ts, int *moves) {
    int ls = TS_LS(ts), ws = TS_WS(ts);
    u64 leg = follow_rule(s, s->hand[player], ls, TS_TOP(ts));
    if (!(leg & (leg - 1))) {   /* one legal card: nothing to choose or order */
        moves[0] = lowbit(leg);
        return 1;
    }
    u64 live = s->tlive;
    int partner_wins = !((TS_WI(ts) ^ k) & 1);   /* the winning card's player and this one: one team */
    /* third hand, the partner's card winning: can the last player still take it? */
    int partner_safe = 1, last_max = -1;   /* the last player's strongest card */
    if (k == 2 && partner_wins && s->follow_order) {
        u64 hh = s->hand[(s->leader + 3) & 3];
        while (hh) { int c = lowbit(hh); hh &= hh - 1; if (s->str[ls][c] > last_max) last_max = s->str[ls][c]; }
        partner_safe = last_max <= ws;
    }
    /* second hand, the partner (the last to play) holding the top card of the suit led:
     * his card takes the trick unless it is trumped (a trump lead: for sure); in a Misère
     * where it is his only card of the suit (he cannot duck) */
    int partner_top = 0;
    if (k == 1 && s->second_order) {
        int top = s->ord[ls][__builtin_ctz(places(s, ls, live))];
        u64 ph = s->hand[(player + 2) & 3];
        partner_top = s->misere_order ? (ph & s->suitmask[ls]) == (u64)1 << top : ph >> top & 1;
    }
    int n, score[NCARDS];
    if (s->misere_order) {
        /* third hand, the partner's card winning: must the last player take the trick
         * over (every card of his in the suit led beats it)? then it is the opponents' */
        int last_over = 0;
        if (k == 2 && s->second_order && partner_wins) {
            u64 lh = s->hand[(s->leader + 3) & 3] & s->suitmask[ls];
            last_over = lh != 0;
            for (; lh; lh &= lh - 1) if (s->str[ls][lowbit(lh)] < ws) last_over = 0;
        }
        if ((partner_wins && !last_over) || partner_top) n = follow_suits(s, F_MIS_LOW, leg, live, ls, ws, last_max, moves, score);
        else n = follow_suits(s, F_MIS_OPP, leg, live, ls, ws, last_max, moves, score);
    } else if (partner_wins && !partner_safe) n = follow_suits(s, F_KEEP, leg, live, ls, ws, last_max, moves, score);
    else if (partner_wins) n = follow_suits(s, F_PARTNER, leg, live, ls, ws, last_max, moves, score);
    else if (partner_top) n = follow_suits(s, F_PTOP, leg, live, ls, ws, last_max, moves, score);
    else n = follow_suits(s, F_OPP, leg, live, ls, ws, last_max, moves, score);
    if (s->use_order) sort_moves(n, moves, score, NULL);
    return n;
}

/* The sum of the n lowest points among the cards of h (all of them if it holds fewer):
 * the cards counted by point value from the lowest up, most often only the cards worth
 * nothing (an insertion sort of the hand's points was 8 % of a full deal's instructions). */
static int low_sum(const S *s, u64 h, int n) {
    int sum = 0;
    for (int j = 0; n > 0 && h && j < s->nvals; j++) {
        u64 m = h & s->vmask[j];
        if (!m) continue;
        int c = popc(m);
        if (c >= n) return sum + n * s->vval[j];
        sum += c * s->vval[j]; n -= c; h &= ~m;
    }
    return sum;
}

/* Points the leader's team takes for sure when it wants them (the cashing bound): the
 * leader's cards that stand at the top of their suit, one after the other, each win a
 * trick he leads; in a trump game the plain suits only once the opponents have no trump
 * left, which his top trumps see to when there are at least as many of them as either
 * opponent holds trumps (each trump lead draws one from each of them: only the Puur may
 * stay back, and the top trumps include it). Into these T tricks each of the other three
 * players gives T cards of his: at least his T cheapest. All the points if every card of
 * the leader wins. */
static int top_run(const S *s, int su, u64 live, u64 mine, int *tricks) {
    int p = 0;
    for (unsigned lp = places(s, su, live); lp; lp &= lp - 1) {
        int c = s->ord[su][__builtin_ctz(lp)];
        if (!(mine >> c & 1)) break;
        p += s->pts[c]; (*tricks)++;
    }
    return p;
}

/* A player's run in a suit: top_run, and (s->sure_runs) where none of the other three
 * hands holds more cards of the suit than his top cards there, all his cards of it: each
 * of them must follow to those leads, so nobody else holds one after them and his low
 * cards of the suit are its top too (length winners). */
static int suit_run(const S *s, int su, u64 live, u64 mine, int player, int *tricks) {
    int t = 0, p = top_run(s, su, live, mine, &t);
    if (t && s->sure_runs) {
        u64 sm = s->suitmask[su], all = mine & sm;
        int n = popc(all);
        if (n > t) {
            int o = 0;
            for (int i = 1; i < 4; i++) { int c = popc(s->hand[(player + i) & 3] & sm); if (c > o) o = c; }
            if (o <= t) {
                p = 0;
                for (u64 m = all; m; m &= m - 1) p += s->pts[lowbit(m)];
                t = n;
            }
        }
    }
    *tricks += t;
    return p;
}

/* The points of the cards of m. */
static int mask_pts(const S *s, u64 m) {
    int sum = 0;
    for (int j = 0; m && j < s->nvals; j++) { u64 x = m & s->vmask[j]; if (x) { sum += popc(x) * s->vval[j]; m &= ~x; } }
    return sum;
}

/* The n cheapest (high = 0) or dearest (high = 1) cards of h: their points; h without them
 * in *rest. */
static int take_cards(const S *s, u64 h, int n, int high, u64 *rest) {
    int sum = 0;
    for (int i = 0; n > 0 && h && i < s->nvals; i++) {
        int j = high ? s->nvals - 1 - i : i;
        u64 m = h & s->vmask[j];
        if (!m) continue;
        int c = popc(m);
        if (c <= n) { sum += c * s->vval[j]; n -= c; h &= ~m; continue; }
        for (; n > 0; n--) { h &= ~(m & -m); m &= m - 1; sum += s->vval[j]; }
    }
    *rest = h;
    return sum;
}

/* A player's run in a suit as suit_run counts it, as the cards it leads: his top cards
 * there, or all his cards of it where they are length winners. */
static u64 run_cards(const S *s, int su, u64 live, u64 mine, int player) {
    u64 m = 0, sm = s->suitmask[su];
    int t = 0;
    for (unsigned lp = places(s, su, live); lp; lp &= lp - 1) {
        int c = s->ord[su][__builtin_ctz(lp)];
        if (!(mine >> c & 1)) break;
        m |= (u64)1 << c; t++;
    }
    if (t && popc(mine & sm) > t) {
        int o = 0;
        for (int i = 1; i < 4; i++) { int c = popc(s->hand[(player + i) & 3] & sm); if (c > o) o = c; }
        if (o <= t) m = mine & sm;
    }
    return m;
}

/* What a hand of the team that cashes surely can give into r[su] tricks of each suit that
 * the other of the two leads (round fifteen): in a suit it holds it follows, with its
 * dearest cards of it (they are below the cards led: the leader's top cards, or his length
 * winners once the others' cards of the suit are out); in the tricks it has none of the
 * suit, the dearest of its other cards, not those it runs itself (`keep`), nor its cards of
 * the suits led (only what is left of them after it followed). It always has enough: of
 * its cards those it runs are its own tricks, the rest at least as many as the tricks the
 * other leads (the runs together take at most the cards left). */
static int own_share(const S *s, u64 h, const int *r, u64 keep) {
    u64 pool = h & ~keep, rest;
    int sum = 0, voids = 0;
    for (int su = 0; su < NSUITS; su++) {
        if (!r[su]) continue;
        u64 m = h & s->suitmask[su];
        pool &= ~m;
        int k = popc(m);
        if (k <= r[su]) { sum += mask_pts(s, m); voids += r[su] - k; }
        else { sum += take_cards(s, m, r[su], 1, &rest); pool |= rest; }
    }
    return sum + take_cards(s, pool, voids, 1, &rest);
}

/* The cashing bound with s->sure_shares (round fifteen): the same tricks as sure_points
 * (the leader's top trumps, his plain runs once the opponents' trumps are drawn, an entry,
 * the partner's plain runs), and into them each opponent gives in the suit led his
 * cheapest cards of it as long as he holds any (he must follow: in the leader's trump
 * tricks only the Puur may stay back, and the leader's top trumps include it; in the plain
 * tricks he has no trump left) and his cheapest others in the rest (the least over every
 * way to give them: fewer constraints than the play has); the partner into the leader's
 * tricks and the leader into the partner's their dearest (own_share: the team chooses). */
static int sure_points_shares(const S *s, int leader, int left, int R) {
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3], mine = s->hand[leader];
    int pa = (leader + 2) & 3;
    u64 ph = s->hand[pa], runL = 0, runP = 0;
    int rL[NSUITS] = {0}, rP[NSUITS] = {0}, t1 = 0, t2 = 0, plain_ok = 1;
    if (s->trump >= 0) {
        u64 tm = s->suitmask[s->trump];
        if (mine & tm) { runL = run_cards(s, s->trump, live, mine, leader); t1 = rL[s->trump] = popc(runL); }
        int o1 = popc(s->hand[(leader + 1) & 3] & tm), o2 = popc(s->hand[(leader + 3) & 3] & tm);
        plain_ok = t1 >= (o1 > o2 ? o1 : o2);
    }
    if (plain_ok)
        for (int su = 0; su < NSUITS; su++)
            if (su != s->trump && (mine & s->suitmask[su])) {
                u64 m = run_cards(s, su, live, mine, leader); runL |= m; rL[su] = popc(m); t1 += rL[su];
            }
    if (plain_ok && t1 < left) {
        int entry = 0;
        for (int su = 0; su < NSUITS && !entry; su++) {
            if (su == s->trump || !(mine & s->suitmask[su]) || !(ph & s->suitmask[su])) continue;
            entry = ph >> s->ord[su][__builtin_ctz(places(s, su, live))] & 1;
        }
        if (entry) {
            int n = 0;
            for (int su = 0; su < NSUITS; su++)
                if (su != s->trump && (ph & s->suitmask[su])) {
                    u64 m = run_cards(s, su, live, ph, pa); runP |= m; rP[su] = popc(m); n += rP[su];
                }
            if (t1 + n <= left) t2 = n;
            else { runP = 0; memset(rP, 0, sizeof rP); }
        }
    }
    int T = t1 + t2;
    if (T == left) return R;
    if (!T) return 0;   /* no sure trick (the most common case in a trump game) */
    int lb = mask_pts(s, runL | runP);
    for (int i = 1; i < 4; i += 2) {
        u64 h = s->hand[(leader + i) & 3], rest = h, x;
        int used = 0;
        for (int su = 0; su < NSUITS; su++) {
            int r = rL[su] + rP[su];
            if (!r) continue;
            u64 m = h & s->suitmask[su];
            int f = popc(m) < r ? popc(m) : r;
            lb += take_cards(s, m, f, 0, &x);
            rest &= ~(m & ~x);
            used += f;
        }
        lb += low_sum(s, rest, T - used);
    }
    if (t1) lb += own_share(s, ph, rL, runP);
    if (t2) lb += own_share(s, mine, rP, runL);
    return lb;
}

static int sure_points(const S *s, int leader, int left, int R) {
    if (s->sure_shares) return sure_points_shares(s, leader, left, R);
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3], mine = s->hand[leader];
    int lb = 0, tricks = 0, plain_ok = 1;
    if (s->trump >= 0) {
        u64 tm = s->suitmask[s->trump];
        int t_run = 0;
        lb += suit_run(s, s->trump, live, mine, leader, &t_run);
        tricks += t_run;
        int o1 = popc(s->hand[(leader + 1) & 3] & tm), o2 = popc(s->hand[(leader + 3) & 3] & tm);
        plain_ok = t_run >= (o1 > o2 ? o1 : o2);
    }
    if (plain_ok)
        for (int su = 0; su < NSUITS; su++)
            if (su != s->trump && (mine & s->suitmask[su])) lb += suit_run(s, su, live, mine, leader, &tricks);
    int t1 = tricks, pa = (leader + 2) & 3;
    if (plain_ok && tricks < left && s->sure_runs) {
        /* an entry to the partner (round fourteen): a plain suit of the leader's whose top
         * card the partner holds (so not one the leader ran). After his run the leader leads
         * it, the partner's top card takes the trick (no opponent holds a trump: trumpless,
         * or drawn), and the partner runs his own plain suits. His cards in the leader's
         * tricks are others than those (his run suits are not the leader's; void, he keeps
         * them), and the leader's in his the same way. */
        u64 ph = s->hand[pa];
        int entry = 0;
        for (int su = 0; su < NSUITS && !entry; su++) {
            if (su == s->trump || !(mine & s->suitmask[su]) || !(ph & s->suitmask[su])) continue;
            unsigned lp = places(s, su, live);
            entry = ph >> s->ord[su][__builtin_ctz(lp)] & 1;
        }
        if (entry) {
            /* every trick takes a card of each hand: the leader's run and the partner's
             * together at most the cards left (else the partner's last ones never come) */
            int t2 = 0, p2 = 0;
            for (int su = 0; su < NSUITS; su++)
                if (su != s->trump && (ph & s->suitmask[su])) p2 += suit_run(s, su, live, ph, pa, &t2);
            if (tricks + t2 <= left) { lb += p2; tricks += t2; }
        }
    }
    if (tricks == left) return R;
    if (s->use_sure_low) {
        /* each opponent gives a card to every trick, the partner to the leader's (t1) and
         * the leader to the partner's: at least their cheapest */
        lb += low_sum(s, s->hand[(leader + 1) & 3], tricks) + low_sum(s, s->hand[(leader + 3) & 3], tricks);
        lb += low_sum(s, s->hand[pa], t1);
        if (tricks > t1) lb += low_sum(s, mine, tricks - t1);
    }
    return lb;
}

/* Points a team takes whatever anyone plays (the forced bound, Misère included): the
 * live trumps from the top down that its two players hold between them each end in a
 * trick of theirs (whatever is played above them later is theirs too). With a of them in
 * one hand and b in the other, they lie in at least m = max(a, b) tricks, into which
 * every player gives m cards of his: the other team at least its m cheapest each, the
 * holders their top trumps and their cheapest others. All the points if m is every
 * trick left. Returns the points, the team in *team (-1: no trump left). */
static int forced_points(const S *s, int left, int R, int *team) {
    *team = -1;
    if (s->trump < 0) return 0;
    int cnt[4] = {0, 0, 0, 0}, p = 0, t = -1;
    u64 run[4] = {0, 0, 0, 0};
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    for (unsigned lp = places(s, s->trump, live); lp; lp &= lp - 1) {
        int c = s->ord[s->trump][__builtin_ctz(lp)];
        int owner = (s->hand[0] >> c & 1) ? 0 : (s->hand[1] >> c & 1) ? 1 : (s->hand[2] >> c & 1) ? 2 : 3;
        if (t < 0) t = TEAM(owner);
        else if (TEAM(owner) != t) break;
        cnt[owner]++; run[owner] |= (u64)1 << c; p += s->pts[c];
    }
    if (t < 0) return 0;
    *team = t;
    int m = cnt[t] > cnt[t + 2] ? cnt[t] : cnt[t + 2];
    if (m == left) return R;
    p += low_sum(s, s->hand[t] & ~run[t], m - cnt[t]) + low_sum(s, s->hand[t + 2] & ~run[t + 2], m - cnt[t + 2]);
    p += low_sum(s, s->hand[1 - t], m) + low_sum(s, s->hand[3 - t], m);
    return p;
}

static int trick(S *s, int k, int alpha, int beta, unsigned ts);

/* The last two tricks, every legal card tried with alpha-beta (at most 16 lines) and no
 * table: cheaper than a probe of the table, which misses the cache at this depth. Each
 * hand holds two cards; the first trick's state (suit led, the winning card so far, its
 * points, the highest trump) goes down the recursion, the second trick plays itself. */
typedef struct {
    int card[4][2];     /* the two cards of each player in turn from the leader, low bit first */
    u64 hand[4];
    int both[4];        /* his two cards of one suit: both legal whatever is led */
    int total;          /* the points of the eight cards and the last trick's */
} TwoTricks;

#define TWO_ARGS S *s, const TwoTricks *t, int mine0, int ls, int ws, int w, int ls2, int p, int top, \
                 int o0, int o1, int o2, int alpha, int beta
static int two_1_0(TWO_ARGS); static int two_2_0(TWO_ARGS); static int two_3_0(TWO_ARGS);
static int two_1_1(TWO_ARGS); static int two_2_1(TWO_ARGS); static int two_3_1(TWO_ARGS);

/* One player of the two last tricks: j-th from the leader, and whether the leader's team
 * maximises (max0), constants in each of two_1_0 to two_3_1 (plain functions, each with
 * the next one inlined: no recursion and no tests of them at run time). The players'
 * sides and teams alternate, so the j-th player maximises when max0 ^ (j & 1), and the
 * max team's points are counted by the team bit mine0 ^ (player & 1). The cards each
 * keeps for the last trick go down the recursion (o0 to o2, the fourth player's his own),
 * and with the winner of the first trick, the suit of the card he keeps (ls2): he leads
 * the last trick, whose winner is on the team whose cards' strongest for that suit is the
 * stronger (a strength above 0 is unique; the card led has one). The same tree as the
 * search of every legal card in turn (the low card first), the same alpha-beta and node
 * count. */
static inline __attribute__((always_inline))
int two_level(S *s, const TwoTricks *t, const int j, const int max0, int mine0, int ls, int ws, int w, int ls2,
              int p, int top, int o0, int o1, int o2, int alpha, int beta) {
    s->nodes++;
    const int maxing = max0 ^ (j & 1);
    u64 leg = j && !t->both[j] ? follow_rule(s, t->hand[j], ls, top) : t->hand[j];
    int best = maxing ? -1 : 1 << 20;
    for (int x = 0; x < 2; x++) {
        int c = t->card[j][x], v, keep = t->card[j][1 - x];
        if (j && !(leg >> c & 1)) continue;
        int nls = j ? ls : s->suit[c], st = s->str[nls][c], nws = ws, nw = w, nls2 = ls2, np = p + s->pts[c];
        if (j == 0 || takes(s, nls, ws, c)) { nws = st; nw = j; nls2 = s->suit[keep]; }
        if (j < 3) {
            int ntop = top;
            if (s->suit[c] == s->trump && s->str[s->trump][c] > ntop) ntop = s->str[s->trump][c];
            int n0 = j == 0 ? keep : o0, n1 = j == 1 ? keep : o1, n2 = j == 2 ? keep : o2;
            v = j == 0 ? (max0 ? two_1_1 : two_1_0)(s, t, mine0, nls, nws, nw, nls2, np, ntop, n0, n1, n2, alpha, beta)
              : j == 1 ? (max0 ? two_2_1 : two_2_0)(s, t, mine0, nls, nws, nw, nls2, np, ntop, n0, n1, n2, alpha, beta)
                       : (max0 ? two_3_1 : two_3_0)(s, t, mine0, nls, nws, nw, nls2, np, ntop, n0, n1, n2, alpha, beta);
        } else {
            const int *row = s->str[nls2];
            int a = row[o0] > row[o2] ? row[o0] : row[o2], b = row[o1] > row[keep] ? row[o1] : row[keep];
            int w2 = a > b ? 0 : 1;   /* the team of the last trick's winner, by its parity */
            v = ((mine0 ^ nw) & 1 ? 0 : np) + ((mine0 ^ w2) & 1 ? 0 : t->total - np);
        }
        if (maxing) { if (v > best) best = v; if (best > alpha) alpha = best; }
        else { if (v < best) best = v; if (best < beta) beta = best; }
        if (alpha >= beta) break;
    }
    return best;
}

#define TWO_FN(j, m) static int two_##j##_##m(TWO_ARGS) { \
    return two_level(s, t, j, m, mine0, ls, ws, w, ls2, p, top, o0, o1, o2, alpha, beta); }
TWO_FN(1, 0) TWO_FN(2, 0) TWO_FN(3, 0) TWO_FN(1, 1) TWO_FN(2, 1) TWO_FN(3, 1)

static inline int two_run(S *s, TwoTricks *t, int leader, int alpha, int beta) {
    /* mine0: 0 where the leader's team is the max team (its parity bit counts the points) */
    int mine0 = TEAM(leader) != s->maxteam;
    return TEAM(leader) == s->maxside
        ? two_level(s, t, 0, 1, mine0, 0, 0, 0, 0, 0, 0, 0, 0, 0, alpha, beta)
        : two_level(s, t, 0, 0, mine0, 0, 0, 0, 0, 0, 0, 0, 0, 0, alpha, beta);
}

static int last_two(S *s, int leader, int alpha, int beta) {
    TwoTricks t;
    for (int j = 0; j < 4; j++) {
        u64 h = s->hand[(leader + j) & 3];
        t.hand[j] = h;
        t.card[j][0] = lowbit(h); t.card[j][1] = 63 - __builtin_clzll(h);
        t.both[j] = s->suit[t.card[j][0]] == s->suit[t.card[j][1]];
    }
    t.total = s->handpts + s->last_bonus;
    return two_run(s, &t, leader, alpha, beta);
}

/* The same from the two-trick cache's key (l2_hand: each hand's two cards, the leader in
 * bits 48-49) and the points the two tricks hold (`total`, the last trick's included):
 * three_rec's fourth hand leaves the hands in memory as they were at its boundary. */
static int last_two_key(S *s, u64 key, int total) {
    TwoTricks t;
    int leader = (int)(key >> 48 & 3);
    for (int j = 0; j < 4; j++) {
        int seat = (leader + j) & 3, x = (int)(key >> 12 * (3 - seat) & 4095), lo = x >> 6, hi = x & 63;
        t.hand[j] = (u64)1 << lo | (u64)1 << hi;
        t.card[j][0] = lo; t.card[j][1] = hi;
        t.both[j] = s->suit[lo] == s->suit[hi];
    }
    t.total = total;
    return s->l2_open ? two_run(s, &t, leader, -1, 1 << 20) : two_run(s, &t, leader, 0, total);
}

/* The exact values of the two-trick endings met in this solve: the bisection's probes and
 * the transpositions inside a probe meet the same last two tricks again and again (seven
 * times in ten in six-card endgames). A direct-mapped table of words: the whole position in
 * 50 bits (the two cards of each hand, the leader), the value in 7, the solve's number in 7
 * (the entries of other solves are empty). Its size by the deal's (l2_bits): 2^15 words (256 kB)
 * up to six cards a hand (beside the table its words miss the core's own caches, so the fourth
 * hand fetches them ahead, l2_prefetch), 2^17 at seven, 2^19 (4 MB) at eight and nine in the
 * trump suits, where a bracket met four times as many endings as 2^15 words hold: 27 % of its
 * lookups missed and the two tricks played out were half of all nodes; at 2^19 12 % miss, the
 * nodes -28 % (benchmarks/README). Obenabe and Undenufe keep 2^15: 16 % missed there, 2^19
 * saved 4 % of their nodes and cost some 5 % of CPU. A small solve uses the first words only (the slot is the top bits of
 * the hash), and only the words used since the last clearing are cleared. */
#define L2_BITS_MAX 19
static u64 *l2_cache = NULL;   /* 2^L2_BITS_MAX words, in small_tables' block */
static unsigned l2_gen = 0;
static int l2_bits = 15, l2_dirty_bits = 0;   /* this solve's size; the largest since the clearing */

/* a hand of two cards in the key (12 bits: its two cards' numbers); hand i at bit 12 * (3 - i) */
static inline u64 l2_hand(u64 h) { return (u64)lowbit(h) << 6 | (u64)(63 - __builtin_clzll(h)); }

static inline u64 *l2_slot(u64 key) {
    u64 x = key * 0x9E3779B97F4A7C15ULL;
    return &l2_cache[(x ^ x >> 29) >> (64 - l2_bits)];
}

/* The exact value of the two last tricks, for the two-trick cache: searched in the window
 * of all the points they hold, not an open one: the max side's line that takes them all,
 * or the min side's that leaves none, cuts off (option 1 << 27 off: an open window; the
 * same values, -13 % of its nodes on the 25 hardest six-card endgames). */
static inline int last_two_value(S *s, int leader) {
    return s->l2_open ? last_two(s, leader, -1, 1 << 20) : last_two(s, leader, 0, s->handpts + s->last_bonus);
}

/* `key`: the position's (leader and hands) as last_two_exact makes it */
static int last_two_keyed(S *s, int leader, u64 key) {
    u64 *slot = l2_slot(key);
    u64 tag = key | (u64)l2_gen << 57;
    if ((*slot & ~((u64)127 << 50)) == tag) return (int)(*slot >> 50 & 127);
    int v = last_two_value(s, leader);
    if (v < 128) *slot = tag | (u64)v << 50;
    return v;
}

static int last_two_exact(S *s, int leader) {
    u64 key = (u64)leader;
    for (int i = 0; i < 4; i++) key = key << 12 | l2_hand(s->hand[i]);
    return last_two_keyed(s, leader, key);
}

/* The fourth hand of the trick that leaves two cards a hand, in trick() (where three_rec is
 * off, option bit 24; three_rec makes these keys itself): three cards in each hand, his
 * included, the first three cards of the trick played. The two-trick cache's words of the
 * positions after each of his cards, fetched while his cards are ordered. The cache's
 * 256 kB do not stay in the core's own cache beside the table: its lookups missed there and
 * took 14 % of a six-card endgame's time (perf, the 25 hardest), for 3 % of its
 * instructions. Only the memory is touched: the same lookups, values and nodes. */
static inline __attribute__((always_inline)) void l2_prefetch(const S *s, int player, int ls, int ws3, int w3) {
    u64 base = 0, hand = s->hand[player];
    for (int i = 0; i < 4; i++) base = base << 12 | (i == player ? 0 : l2_hand(s->hand[i]));
    for (u64 m = hand; m; m &= m - 1) {
        int c = lowbit(m), seat = (s->leader + (takes(s, ls, ws3, c) ? 3 : w3)) & 3;
        __builtin_prefetch(l2_slot((u64)seat << 48 | base | l2_hand(hand & ~((u64)1 << c)) << 12 * (3 - player)));
    }
}

/* Which of two entries of this solve the table gives up first: the one whose search took
 * fewer nodes (its bit length; the fewer cards left where equal), so the proofs that cost
 * most stay (option 1<<18: by the cards left only, as before). Only the deals that fill
 * the table gain: -1.9 % nodes on the seven of 18 full trump deals over 50 M nodes. */
static inline int cheaper(const S *s, const Entry *x, const Entry *y) {
    if (s->keep_work && x->work != y->work) return x->work < y->work;
    return x->left < y->left;
}

/* The max team's points from a trick boundary on, `leader` to lead, `left` cards a hand.
 * Fail-soft. The first lines (the last two tricks, the bounds of all the points) inline in
 * the fourth hand's loop, which knows `left`: most boundaries end there, and a call of the
 * whole search cost its prologue and a count of the cards (3 % of the instructions). */
/* An instrumented build (cc -DSOLVER_STATS) counts where the search's work goes, by the
 * cards a hand left at a trick boundary (the measurements of benchmarks/README.md); the
 * module then has stats() (read and reset). The normal build has none of it. */
#ifdef SOLVER_STATS
enum { ST_CALLS, ST_BOUNDS, ST_PROBES, ST_HITS, ST_HITCUT, ST_SEARCHES, ST_NODES, ST_CUT1, ST_CUTN, ST_NOCUT,
       ST_F_CUT1, ST_F_CUTN, ST_F_NOCUT, ST_F_NODES, ST_WASTE_HINT, ST_WASTE_KILLER, ST_WASTE_NONE, ST_F_WASTE,
       ST_ITT_PROBES, ST_ITT_HITS, ST_ITT_CUTS, ST_N };
static long long st[ST_N][10];
#define STAT(what, left) (st[what][left]++)
#define STAT_ADD(what, left, n) (st[what][left] += (n))
#else
#define STAT(what, left) ((void)0)
#define STAT_ADD(what, left, n) ((void)0)
#endif

static int boundary_search(S *s, int leader, int left, int alpha, int beta);
static int three_boundary(S *s, int leader, int alpha, int beta);
#ifdef SOLVER_STATS
static int boundary_gaps(S *s, int leader, int left, int alpha, int beta);
#endif

static inline __attribute__((always_inline)) int boundary_at(S *s, int leader, int left, int alpha, int beta) {
    if (left == 0) return 0;
    int R = s->handpts + s->last_bonus;
    if (R <= alpha) return R;
    if (beta <= 0) return 0;
    if (left == 1) {
        /* the last trick plays itself */
        int ls = -1, ws = -1, w = 0, p = R;
        for (int i = 0; i < 4; i++) {
            int seat = (leader + i) & 3, c = lowbit(s->hand[seat]);
            if (i == 0) ls = s->suit[c];
            if (takes(s, ls, ws, c)) { ws = s->str[ls][c]; w = seat; }
        }
        s->nodes += 4;
        return TEAM(w) == s->maxteam ? p : 0;
    }
    if (left == 2 && s->fast2) return s->l2cache ? last_two_exact(s, leader) : last_two(s, leader, alpha, beta);
#ifndef SOLVER_STATS
    if (left == 3 && s->three && s->three_notab) return three_boundary(s, leader, alpha, beta);
#endif
#ifdef SOLVER_STATS
    return boundary_gaps(s, leader, left, alpha, beta);
#else
    return boundary_search(s, leader, left, alpha, beta);
#endif
}

static int boundary(S *s, int leader, int alpha, int beta) {
    return boundary_at(s, leader, popc(s->hand[leader]), alpha, beta);
}

/* In three_rec (below), card c of a player is equivalent to prev, the card of his tried
 * before it (-1: none): the same suit, the same points and no live card between them in
 * the suit's order (`live`: the cards of the boundary, this trick's included), so only the
 * first of them is tried (option bit 1, no equivalence: each card). The move generation
 * finds the same groups by places (gen_leads, follow_suits). */
static inline int same_as_prev(const S *s, u64 live, int prev, int c) {
    if (prev < 0 || s->suit[prev] != s->suit[c] || s->pts[prev] != s->pts[c]) return 0;
    int a = s->pos[prev], b = s->pos[c];
    if (a > b) { int t = a; a = b; b = t; }
    return !(places(s, s->suit[c], live) & ((1u << b) - (2u << a))) && s->use_equiv;
}

/* The two-trick cache's lookup of three_rec's fourth hand, his card c not yet taken from
 * his hand: only a miss plays the two tricks out, with the card taken (key as
 * last_two_exact makes it). */
static inline __attribute__((always_inline)) int last_two_after(S *s, u64 key, int total) {
    u64 *slot = l2_slot(key);
    u64 tag = key | (u64)l2_gen << 57;
    if ((*slot & ~((u64)127 << 50)) == tag) return (int)(*slot >> 50 & 127);
    int v = last_two_key(s, key, total);
    if (v < 128) *slot = tag | (u64)v << 50;
    return v;
}

/* The fourth hand of the trick three_rec plays out (its leaves: the two last tricks after
 * each of his cards). `base`: the two-trick cache's key of the other three hands after
 * their cards (the third hand's node makes it). The keys of the positions after each of
 * his legal cards made at once and, when he has a choice, their words fetched from memory,
 * so the lookup of one overlaps the search of another (a lookup waited for its word 15 %
 * of a six-card endgame's time, perf: -2.5 % CPU on the 300 six-card exact values). The
 * same nodes as the other players' (three_level), in a function of its own: his node is
 * half of three_rec's, and most of its work is the keys. */
static inline __attribute__((always_inline))
int three_fourth(S *s, u64 live, int leader, const int maxing, int ls, int ws, int w, int p, int top, int alpha, int beta,
                 u64 base) {
    s->nodes++;
    const int seat = (leader + 3) & 3, sh = 12 * (3 - seat);
    u64 hand = s->hand[seat], leg = follow_rule(s, hand, ls, top);
    int best = maxing ? -1 : 1 << 20, prev = -1, n = 0, cards[3], mine[3];
    u64 keys[3];
    /* the points left after the trick's first three cards; whose team the trick's winner is
     * on by its parity (s->m3: 0 where the leader's team is the max team) */
    int rest0 = s->r3 - p, m3 = s->m3;
    for (u64 m = leg; m; m &= m - 1) {
        int c = lowbit(m), nw = takes(s, ls, ws, c) ? 3 : w, my = !((nw ^ m3) & 1);
        /* a card whose trick alone ends his node (the points it brings reach beta for the
         * max side, or with all the points left stay at alpha for the other: a fail-soft
         * bound, as below) is his answer: no two-trick lookup for it or the cards before
         * it (issue 21's ninth round: -2.4 % nodes and -1.6 % instructions on full deals'
         * brackets; tried when three_rec came, as a scan before his loop: +2 % instructions) */
        int np = p + s->pts[c], rest = rest0 - s->pts[c];
        if (maxing ? my && np >= beta : (my ? np + rest : rest) <= alpha) return maxing ? np : my ? np + rest : rest;
        keys[n] = (u64)((leader + nw) & 3) << 48 | base | l2_hand(hand & ~((u64)1 << c)) << sh;
        if (leg & (leg - 1)) __builtin_prefetch(l2_slot(keys[n]));
        mine[n] = my;
        cards[n++] = c;
    }
    for (int i = 0; i < n; i++) {
        int c = cards[i], v;
        /* the cards in the order of their numbers: a card equivalent to the one before */
        if (same_as_prev(s, live, prev, c)) continue;
        prev = c;
        int pc = s->pts[c], np = p + pc;
        /* the two last tricks: their exact value (the two-trick cache), unless the points
         * left decide the window, as in boundary_at (they give the max team 0 to `rest`
         * more points; the bound returned lies on the window's side that the value lies
         * on: fail-soft) */
        int rest = rest0 - pc;
        if (mine[i])
            v = np >= beta ? np : np + rest <= alpha ? np + rest : np + last_two_after(s, keys[i], rest);
        else
            v = rest <= alpha ? rest : last_two_after(s, keys[i], rest);
        if (maxing) { if (v > best) best = v; if (best > alpha) alpha = best; }
        else { if (v < best) best = v; if (best < beta) beta = best; }
        if (alpha >= beta) break;
    }
    return best;
}

/* The third trick from the end, played out like the last two (option 1 << 24 off): no
 * move generation and no table below it, each legal card of each player in turn with
 * alpha-beta, the trick's state carried down the recursion, and at its end the exact value
 * of the two-trick ending (the two-trick cache). The same minimax as boundary and trick
 * over the same cards, so the same value: of a group of equivalent cards (the same player,
 * the same points, no live card between them in the suit's order; `live` the cards of the
 * boundary, this trick's included) one is tried, as the move generation does (option bit 1,
 * no equivalence: each card); the two last tricks are not looked up where the points left
 * decide the window. What it
 * leaves out is the scored order: three in four of a six-card endgame's nodes inside
 * tricks were in this trick, four in five of its positions are new to the table, and most
 * lie far from the window (the sure-trick bounds are not computed there: 25 points off
 * the value at the median, they cost more than they cut). `*bestc` (the leader's node
 * only): the table's card on entry, led first; the best card on return. */
#define THREE_ARGS S *s, u64 live, int leader, int ls, int ws, int w, int p, int top, int alpha, int beta, u64 kb
static int three_1_0(THREE_ARGS); static int three_2_0(THREE_ARGS);
static int three_1_1(THREE_ARGS); static int three_2_1(THREE_ARGS);

/* The first three players of three_rec's trick: j from the leader, a constant in each of
 * three_rec, three_1 and three_2 (plain functions with the next one inlined, as the two
 * last tricks' two_level: no tests of j at run time). */
static inline __attribute__((always_inline))
int three_level(S *s, u64 live, int leader, const int j, const int max0, int ls, int ws, int w, int p, int top,
                int alpha, int beta, u64 kb, int *bestc) {
    s->nodes++;
    int seat = (leader + j) & 3;
    u64 hand = s->hand[seat];
    u64 leg = j ? follow_rule(s, hand, ls, top) : hand;
    const int maxing = max0 ^ (j & 1);   /* the sides alternate */
    int best = maxing ? -1 : 1 << 20;
    int first = bestc && *bestc >= 0 && (leg >> *bestc & 1) ? *bestc : -1, prev = -1;
    /* the lead: the card that last cut off a lead of this trick, if he holds it (the
     * boundaries at three cards are out of the table, so it has no card to give; an
     * order only: -3 % nodes and instructions on the 300 six-card exact values) */
    if (!j && first < 0 && s->k3 >= 0 && (leg >> s->k3 & 1)) first = s->k3;
    int hint = first, a0 = alpha, b0 = beta;
    while (leg) {
        int c = first >= 0 ? first : lowbit(leg), v;
        leg &= ~((u64)1 << c);
        if (first >= 0) first = -1;
        else {
            /* the cards in the order of their numbers: a card equivalent to the one before */
            if (same_as_prev(s, live, prev, c)) continue;
            prev = c;
        }
        int nls = j ? ls : s->suit[c], st = s->str[nls][c], nws = ws, nw = w, np = p + s->pts[c];
        if (j == 0 || takes(s, nls, ws, c)) { nws = st; nw = j; }
        int ntop = top;
        if (s->suit[c] == s->trump && s->str[s->trump][c] > ntop) ntop = s->str[s->trump][c];
        /* his two cards kept, into the two-trick cache's key (the hands stay in memory) */
        u64 nkb = kb | l2_hand(hand & ~((u64)1 << c)) << 12 * (3 - seat);
        v = j == 0 ? (max0 ? three_1_1 : three_1_0)(s, live, leader, nls, nws, nw, np, ntop, alpha, beta, nkb)
          : j == 1 ? (max0 ? three_2_1 : three_2_0)(s, live, leader, nls, nws, nw, np, ntop, alpha, beta, nkb)
                   : three_fourth(s, live, leader, !max0, nls, nws, nw, np, ntop, alpha, beta, nkb);
        if (maxing) { if (v > best) { best = v; if (bestc) *bestc = c; } if (best > alpha) alpha = best; }
        else { if (v < best) { best = v; if (bestc) *bestc = c; } if (best < beta) beta = best; }
        if (alpha >= beta) { if (!j) s->k3 = c; break; }
    }
    /* every lead failed: the table's card stays (keep_best_card) */
    if (bestc && s->keep_hint && (maxing ? best <= a0 : best >= b0)) *bestc = hint;
    return best;
}

/* one copy per player and per side of the leader (max0: his team maximises), as two_level */
#define THREE_FN(j, m) static int three_##j##_##m(THREE_ARGS) { \
    return three_level(s, live, leader, j, m, ls, ws, w, p, top, alpha, beta, kb, NULL); }
THREE_FN(1, 0) THREE_FN(2, 0) THREE_FN(1, 1) THREE_FN(2, 1)
static int three_rec(S *s, u64 live, int leader, int alpha, int beta, int *bestc) {
    s->r3 = s->handpts + s->last_bonus;
    s->m3 = TEAM(leader) != s->maxteam;
    return TEAM(leader) == s->maxside ? three_level(s, live, leader, 0, 1, 0, 0, 0, 0, 0, alpha, beta, 0, bestc)
                                      : three_level(s, live, leader, 0, 0, 0, 0, 0, 0, 0, alpha, beta, 0, bestc);
}

/* The search's result into its table entry `e` (NULL: no table), window (a0, b0). */
static inline int tt_store(S *s, Entry *e, const u64 key[2], int left, int R, int a0, int b0, long long n0,
                           u64 live, int best, int bestc) {
    if (e) {
        /* e may have been overwritten by a deeper position of the same bucket: check */
        if (!(e->gen == tt_gen && e->k[0] == key[0] && e->k[1] == key[1])) {
            if (e->gen != tt_gen && e >= tt && e <= tt + tt_mask) tt_log_add((u64)(e - tt));
            e->k[0] = key[0]; e->k[1] = key[1];
            e->gen = tt_gen; e->left = (uint8_t)left;
            e->lo = 0; e->hi = (int16_t)R; e->work = 0;
        }
        long long d = s->nodes - n0;   /* this search's nodes, as a bit length */
        int w = d > 0 ? 64 - __builtin_clzll((u64)d) : 0;
        if (w > e->work) e->work = (uint8_t)w;
        if (best <= a0) { if (best < e->hi) e->hi = (int16_t)best; }
        else if (best >= b0) { if (best > e->lo) e->lo = (int16_t)best; }
        else e->lo = e->hi = (int16_t)best;
        e->best = bestc < 0 ? 255 : (uint8_t)rel_of(s, live, bestc);
    }
    return best;
}

/* Which card the table keeps where every lead failed (none reached the window): the one it
 * had (the last lead that reached a window here: the best guess for the next probe, whose
 * window lies on the failing side; a fail-soft bound that tops the others is no guide, most
 * come back at the threshold itself); a new entry none (the leads' own order next time),
 * but the root the lead of the highest bound (option 1 << 23 off: always the lead of the
 * highest bound, the earliest of equal ones). On the 300 six-card exact values -1.7 %
 * nodes, the slowest -11 % (benchmarks/README). */
static inline int keep_best_card(int root, int hint, int bestc) {
    return hint >= 0 ? hint : root ? bestc : -1;
}

/* The boundaries with three cards a hand, where three_rec plays the trick out and the
 * table is not asked (its probe missed the memory cache): a third of them were searched
 * again in the same solve (by the next probe, or by another order of the same cards in the
 * tricks before). Their bounds stay in a direct-mapped table of 2^12 entries (128 kB: it
 * stays in the core's level-2 cache beside the table and the two-trick cache), keyed on the twelve
 * cards themselves and the leader, not on the table's equivalence of cards (which took more
 * instructions to build than the transpositions it found: -19.5 % against -18.4 % nodes);
 * the entries of other solves are empty (tt_gen). Option 1 << 19 off: none kept. On the 300
 * six-card endgames -18 % nodes, CPU -6 to -7 % (exact value) and -9 to -10 % (with the best
 * cards); full trump deals -4 % (benchmarks/README). 2^12 rather than 2^11 entries: -1.6 %
 * nodes (six cards), -2.6 % (seven), CPU -1 % at load 1. Since issue 21's ninth round its
 * entries are 16 bytes (the key's 74 bits, 24 bits of the solve's number, the best card, the
 * bounds in a byte each: where the points left pass 255 it is not used), so 2^13 of them in
 * the same 128 kB: -1.2 % nodes on the 300 six-card endgames, -1.8 % on full deals' brackets
 * (2^14, 256 kB: -3.6 % nodes but more CPU, the memory; benchmarks/README). */
#define THREE_CACHE_BITS 13
#define THREE_CACHE_SIZE (1 << THREE_CACHE_BITS)
typedef struct {
    u64 k;             /* the key's first 64 bits: hands 0-2, and hand 3's first 10 bits */
    uint32_t g;        /* the solve's number (its low 24 bits; 0: empty) and the best card (bits 24-31, 255: none) */
    uint16_t kx;       /* the key's last 10 bits: hand 3's last 8, the leader */
    uint8_t lo, hi;    /* bounds on the max team's points from here on (the points left are at most 255) */
} Entry3;
_Static_assert(sizeof(Entry3) == 16, "a three-card entry is 16 bytes");
static Entry3 *three_cache = NULL;   /* THREE_CACHE_SIZE entries, in small_tables' block */

/* The positions inside the first two tricks (the inner table; option bit 40, NO_INNER_TABLE,
 * off; bit 41, INNER_TABLE_FROM_FOUR, inside every trick led with four cards a hand or more,
 * for the option tests on small deals): the table holds trick boundaries only, so the
 * positions after the first, second and third card of the first tricks were searched again
 * by every probe of a deal (the exact value's driver keeps its root leads' bounds, rlo/rhi,
 * within one solve; a bracket's or the simulation's probes are solves of their own). Their
 * bounds stay here, keyed on the position exactly (the four hands, the cards on the table,
 * k, who led; the entries of other deals and options are empty: tt_gen), direct-mapped, a
 * new position replacing the old one. Bounds only: the card that cut off, kept as the next
 * probe's first, cost nodes (a probe at another threshold wants another card). Round nine
 * (benchmarks/README.md): the exact value of 24 trump deals -1.3 % nodes, the Zehner
 * brackets of 40 -1.2 %, no deal worse; from the third trick on or only in the first, less. */
typedef struct {
    u64 x[3];          /* the hands (36 bits each), the cards on the table (6 bits each), k, the leader */
    uint32_t gen;      /* tt_gen: other generations are empty */
    int16_t lo, hi;    /* bounds on the max team's points from this position on (this trick's included) */
} ItEntry;
_Static_assert(sizeof(ItEntry) == 32, "an entry of the table inside tricks is 32 bytes");
#define ITT_BITS 15
#define ITT_FROM 8
static ItEntry *itt = NULL;   /* 2^ITT_BITS entries (1 MB), in small_tables' block */

/* The table grows with the search: a solve starts with the first 2^16 entries (2 MB, one
 * huge page) and, each time its generation has filled a quarter of the part it uses, takes
 * four times as much (up to the deal's size: 2^22 entries at nine cards a hand), every entry
 * of this generation moved to its bucket under the larger mask (a bucket's entries go to
 * buckets beyond the old part, which hold none of this generation, at most four from one
 * bucket: none is lost). A search of a few hundred thousand nodes so touches a few MB of
 * the table, not 128 MB: the first full deal of a process (`tutor solve`) paid 0.01 to 0.2 s
 * of CPU for the kernel to clear the table's fresh pages, "reaches 79?" on 12 Eichel deals a
 * median 0.16 s of CPU where the search took 0.04 s (now 0.03 s in all, benchmarks/README).
 * The later solves of a process start with the part its earlier ones used (tt_touched: its
 * pages are in memory), so a simulation's solves search as before. Option 1 << 25: the
 * deal's whole part from the start. An entry a search up the recursion still points to may have moved: its store then
 * goes to a slot under the old mask (a lost store, never a wrong bound: every entry's
 * bounds are true for its key). With a time limit the new part's pages are made ready
 * first, the clock asked between them (tt_prepare); if it runs out, the table stays. */
#define TT_START_LG 16
static u64 tt_touched = 0;   /* the largest part of the table a solve of this process used */

static void tt_grow(S *s) {
    u64 old = s->mask, nm = ((old + 1) << 2) - 1;
    if (nm > s->mask_cap) nm = s->mask_cap;
    if (nm <= old) { s->grow_at = LLONG_MAX; return; }
    if (s->deadline > 0) {
        size_t bytes = (size_t)(nm + 1) * sizeof(Entry);
        tt_prepare(bytes, s->deadline);
        if (tt_ready < bytes) { s->grow_at = LLONG_MAX; return; }
    }
    tt_log_gen = tt_gen; tt_nlog = 0; tt_log_lost = 0;   /* the list written anew */
    for (u64 i = 0; i <= old; i++) {
        Entry *e = &tt[i];
        if (e->gen != tt_gen) continue;
        u64 b = key_hash(e->k) & nm & ~(u64)(BUCKET - 1);
        if (b == (i & ~(u64)(BUCKET - 1))) { tt_log_add(i); continue; }
        for (int j = 0; j < BUCKET; j++)
            if (tt[b + j].gen != tt_gen) { tt[b + j] = *e; tt_log_add(b + j); break; }
        e->gen = 0;   /* no generation is 0 (tt_gen counts from 1) */
    }
    s->mask = nm;
    if (nm > tt_touched) tt_touched = nm;
    s->grow_at = (long long)((nm + 1) / 4);
}

/* The boundaries with three cards a hand where three_rec plays the trick out and the table
 * is not asked (option bits 24 and 17 off): their own small table (three_cache) and
 * three_rec, in a function of their own (boundary_search's prologue and its tests of the
 * other cases cost some 40 instructions at each of them). The same search as before. */
static int three_boundary(S *s, int leader, int alpha, int beta) {
    STAT(ST_CALLS, 3);
    Entry3 *e = NULL;
    int hint = -1, a0 = alpha, b0 = beta, R = s->handpts + s->last_bonus;
    const uint32_t gen = tt_gen & 0xFFFFFF;
    if (s->three_cache && R <= 255) {
        /* their bounds in a small table of their own (three_cache), keyed on the cards
         * themselves (three a hand: 18 bits each, the leader: 74 bits) */
        u64 w[4], key0, key1;
        for (int i = 0; i < 4; i++) {
            u64 hh = s->hand[i];
            w[i] = (u64)lowbit(hh) | (u64)lowbit(hh & (hh - 1)) << 6 | (u64)(63 - __builtin_clzll(hh)) << 12;
        }
        key0 = w[0] | w[1] << 18 | w[2] << 36 | (w[3] & 1023) << 54;
        key1 = w[3] >> 10 | (u64)leader << 8;
        u64 key[2] = {key0, key1};
        e = &three_cache[key_hash(key) & (THREE_CACHE_SIZE - 1)];   /* direct-mapped */
        STAT(ST_PROBES, 3);
        if (e->k == key0 && e->kx == key1 && (e->g & 0xFFFFFF) == gen) {
            STAT(ST_HITS, 3);
            int lo = e->lo, hi = e->hi;
            if (lo >= beta || hi <= alpha || lo == hi) STAT(ST_HITCUT, 3);
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
            if (lo == hi) return lo;
            if (lo > alpha) alpha = lo;
            if (hi < beta) beta = hi;
            hint = (int)(e->g >> 24) == 255 ? -1 : (int)(e->g >> 24);
            a0 = alpha; b0 = beta;
        } else {
            e->k = key0; e->kx = (uint16_t)key1;
            e->g = gen | 255u << 24;
            e->lo = 0; e->hi = (uint8_t)R;
        }
    }
    STAT(ST_SEARCHES, 3);
#ifdef SOLVER_STATS
    long long n0 = s->nodes;
#endif
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int bestc = hint, best = three_rec(s, live, leader, alpha, beta, &bestc);
    /* the budget, as trick() asks it (next_check) */
    if (s->nodes >= s->check_at && check_budget(s)) return 0;
    STAT_ADD(ST_NODES, 3, s->nodes - n0);
    if (e) {   /* three_rec asks no table: e is still the position's */
        if (best <= a0) { if (best < e->hi) e->hi = (uint8_t)best; }
        else if (best >= b0) { if (best > e->lo) e->lo = (uint8_t)best; }
        else e->lo = e->hi = (uint8_t)best;
        e->g = gen | (uint32_t)(bestc < 0 ? 255 : bestc) << 24;
    }
    return best;
}

static int boundary_search(S *s, int leader, int left, int alpha, int beta) {
    if (left == 3 && s->three && s->three_notab) return three_boundary(s, leader, alpha, beta);
    int R = s->handpts + s->last_bonus;
    u64 key[2] = {0, 0}, h = 0;
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    /* not at three cards a hand where three_rec plays the trick out (option 1 << 17 off):
     * four in five of those positions are new to the table, and its probe missed the
     * cache (the 300 six-card exact values: +13 % instructions, -3 to -6 % CPU, the 25
     * hardest -5 to -9 %; full deals -10 %; twice the nodes) */
    int use_tt = s->use_tt && !(left == 3 && s->three && s->three_notab);
    int root_part = s->root_part && left == s->root_left;
    STAT(ST_CALLS, left);
    if (use_tt) {   /* the table's bucket is fetched from memory while the bounds are computed */
        /* called from the fourth hand under the boundary one trick up: from its key */
        if (s->incr_key && s->bvalid[left + 1]) next_key(s, s->bkey[left + 1], leader, key);
        else make_key(s, leader, key);
        s->bkey[left][0] = key[0]; s->bkey[left][1] = key[1]; s->bvalid[left] = 1;
        if (s->fill >= s->grow_at) tt_grow(s);
        h = key_hash(key) & s->mask & ~(u64)(BUCKET - 1);
        __builtin_prefetch(&tt[h]);
        if (BUCKET > 2) __builtin_prefetch((char *)&tt[h] + 64);
    }
    if (s->use_sure && !(left == 3 && s->three)) {
        /* bounds on the max team's points: what either team takes for sure (not where
         * three_rec plays the trick out: there they cost more than they cut) */
        int lo_b = 0, hi_b = R, ft, fp;
        if (s->use_forced && (fp = forced_points(s, left, R, &ft)) > 0) {
            if (ft == s->maxteam) lo_b = fp; else hi_b = R - fp;
        }
        if (s->maxside == s->maxteam) {   /* not in a Misère: nobody cashes there */
            int lb = sure_points(s, leader, left, R);
            if (TEAM(leader) == s->maxteam) { if (lb > lo_b) lo_b = lb; }
            else if (R - lb < hi_b) hi_b = R - lb;
        }
        if (lo_b >= beta) { STAT(ST_BOUNDS, left); return lo_b; }
        if (hi_b <= alpha) { STAT(ST_BOUNDS, left); return hi_b; }
    }
    Entry *e = NULL, *victim = NULL;
    int hint = -1, a0 = alpha, b0 = beta;
    /* (the boundaries that three_rec plays out without the table: three_boundary) */
    if (use_tt && !root_part) {
        for (int i = 0; i < BUCKET; i++) {
            Entry *x = &tt[h + i];
            if (x->k[0] == key[0] && x->k[1] == key[1] && x->gen == tt_gen) { e = x; break; }
            if (!victim || (victim->gen == tt_gen && (x->gen != tt_gen || cheaper(s, x, victim)))) victim = x;
        }
    }
    if (e || victim) {   /* a table asked: its entry of the position, or the one it takes */
        STAT(ST_PROBES, left);
        if (e) {
            STAT(ST_HITS, left);
            if (e->lo >= beta || e->hi <= alpha || e->lo == e->hi) STAT(ST_HITCUT, left);
            if (e->lo >= beta) return e->lo;
            if (e->hi <= alpha) return e->hi;
            if (e->lo == e->hi) return e->lo;
            if (e->lo > alpha) alpha = e->lo;
            if (e->hi < beta) beta = e->hi;
            hint = card_of_rel(s, live, e->best);
            a0 = alpha; b0 = beta;
        } else {
            e = victim;
            if (use_tt && e->gen != tt_gen) { s->fill++; tt_log_add((u64)(e - tt)); }
            e->k[0] = key[0]; e->k[1] = key[1];
            e->gen = tt_gen; e->left = (uint8_t)left;
            e->lo = 0; e->hi = (int16_t)R; e->best = 255; e->work = 0;
        }
    }
    long long n0 = s->nodes;
    STAT(ST_SEARCHES, left);
#ifdef SOLVER_STATS
    struct StNodes { long long n0; int left; } stn = {n0, left};
#define ST_DONE() STAT_ADD(ST_NODES, stn.left, s->nodes - stn.n0)
#else
#define ST_DONE() ((void)0)
#endif
    if (left == 3 && s->three) {
        int bestc = hint, best = three_rec(s, live, leader, alpha, beta, &bestc);
        /* the budget, as trick() asks it (next_check) */
        if (s->nodes >= s->check_at && check_budget(s)) return 0;
        ST_DONE();
        return tt_store(s, e, key, left, R, a0, b0, n0, live, best, bestc);
    }
    int saved_leader = s->leader, saved_left = s->tleft;
    u64 saved_live = s->tlive;
    s->leader = leader; s->tlive = live; s->tleft = left;
    int moves[9];
    /* a new position (no table's card): first the lead that last cut off at a boundary with
     * as many cards a hand, the same team leading (option 1 << 26 off; an order only: -4.5 %
     * nodes on the 300 six-card exact values, -7.6 % seven cards, CPU -4 %) */
    int first = hint < 0 && s->killer ? s->kb[left][TEAM(leader)] : hint, n;
    if (s->prune_k && left > s->prune_m) {
        /* forward pruning: the first prune_k leads of the order without the table's card or
         * the last cut's lead (what the table held must not change which leads are kept: the
         * pruned game is one game, whatever the probes before), then that card first if kept */
        n = gen_leads(s, leader, -1, moves, NULL);
        if (n > s->prune_k) n = s->prune_k;
        for (int i = 1; i < n; i++)
            if (moves[i] == first) { for (int j = i; j > 0; j--) moves[j] = moves[j - 1]; moves[0] = first; break; }
    } else if (root_part) {   /* the leads of this process's part (by the lowest card of each group) */
        u64 group[9];
        int m = 0;
        n = gen_leads(s, leader, first, moves, group);
        for (int i = 0; i < n; i++) if (s->root_part >> lowbit(group[i]) & 1) moves[m++] = moves[i];
        n = m;
    } else n = gen_leads(s, leader, first, moves, NULL);
    int maxing = TEAM(leader) == s->maxside;
    int best = maxing ? -1 : 1 << 20, bestc = moves[0];
    /* the root of the exact value's probes: a lead an earlier probe proved on the losing
     * side of this window is not searched again (its first trick is not in the table and
     * was played again: on the 300 six-card endgames -2.3 % nodes); its bound still counts
     * in the fail-soft result, not for the best card (the table's hint stays that of the
     * leads searched: the next probe's first lead) */
    int root = s->root_bounds && left == s->root_left, kept_best = maxing ? -1 : 1 << 20, kept_c = -1;
    int a1 = alpha, b1 = beta;
    if (root) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            int c = moves[i], b = maxing ? s->rhi[c] : s->rlo[c];
            if (maxing ? b <= alpha : b >= beta) {
                if (maxing ? b > kept_best : b < kept_best) { kept_best = b; kept_c = c; }
            } else moves[m++] = c;
        }
        n = m;
    }
#ifdef SOLVER_STATS
    long long st_first = s->nodes, st_mv = s->nodes;
#endif
    for (int i = 0; i < n; i++) {
        int c = moves[i];
#ifdef SOLVER_STATS
        st_mv = s->nodes;
#endif
        s->hand[leader] &= ~((u64)1 << c);
        s->handpts -= s->pts[c];
        s->table[0] = c;
        int v = trick(s, 1, alpha, beta, lead_state(s, c));
        s->hand[leader] |= (u64)1 << c;
        s->handpts += s->pts[c];
        if (s->stop) { s->leader = saved_leader; s->tlive = saved_live; s->tleft = saved_left; return 0; }
        if (root) {   /* fail-soft: v is a bound on the lead's value, or the value itself */
            if (v <= alpha) { if (v < s->rhi[c]) s->rhi[c] = v; }
            else if (v >= beta) { if (v > s->rlo[c]) s->rlo[c] = v; }
            else s->rlo[c] = s->rhi[c] = v;
        }
        if (maxing) {
            if (v > best) { best = v; bestc = c; }
            if (best > alpha) alpha = best;
        } else {
            if (v < best) { best = v; bestc = c; }
            if (best < beta) beta = best;
        }
        if (alpha >= beta) {
            STAT(i ? ST_CUTN : ST_CUT1, left); s->kb[left][TEAM(leader)] = c;
            /* the nodes of the leads tried before the one that cut off, by where the first came from */
            STAT_ADD(hint >= 0 ? ST_WASTE_HINT : first >= 0 ? ST_WASTE_KILLER : ST_WASTE_NONE, left, st_mv - st_first);
            break;
        }
        if (i == n - 1) STAT(ST_NOCUT, left);
    }
    ST_DONE();
    s->leader = saved_leader; s->tlive = saved_live; s->tleft = saved_left;
    if (n && s->keep_hint && (maxing ? best <= a1 : best >= b1)) bestc = keep_best_card(root, hint, bestc);
    if (kept_c >= 0 && (maxing ? kept_best > best : kept_best < best)) { best = kept_best; if (!n) bestc = kept_c; }
    return tt_store(s, e, key, left, R, a0, b0, n0, live, best, bestc);
}

#ifdef SOLVER_STATS
/* How far the bounds were from cutting (stats()["gaps"][left][kind][bin]): for each boundary
 * of four or more cards a hand that the bounds did not cut and whose search took nodes, the
 * points that the bound on the side the search came out lacked to cut (the upper bound's
 * where it failed low, the lower bound's where it failed high), in bins of 5 points (the
 * last: 95 and more), weighted by the search's nodes; kind: failed low / high (bit 0), the
 * max team to lead (bit 1). The bounds as boundary_search computes them (all switched on). */
static long long gaps[10][4][20];

/* Partition search's potential (round five, stats()["shadow"]): beside the table, a second
 * one keyed on a coarser abstraction of the position, whose hits bound from above what a
 * table of relevant cards (Ginsberg's partition search, DDS's winning ranks) could find.
 * The coarse key forgets the order of a suit's zero-point cards below its lowest point card
 * and keeps only how many each hand holds of them (mode 1: the plain suits; mode 2: the
 * trumps too, whose ranks the undertrump rule compares): a partition entry can forget no
 * more than that, since every point card's holder decides where its points go. Its entries
 * (bounds of every search at a boundary of sh_min to 8 cards a hand, those of the positions
 * with one coarse key merged: the highest lower and lowest upper bound) are asked before each
 * search; where they would have cut off a search that today's table did not, the search's
 * nodes are counted, those not inside another such search apart (`outer`: an upper bound on
 * the nodes such a table saves). Nothing of the search changes. */
static int shadow_mode = 0, sh_min = 4;
typedef struct { u64 k0, k1, x0, x1; int16_t lo, hi; uint32_t gen; } Shadow;
#define SHADOW_BITS 23
static Shadow *shadow_tab = NULL;
static long long sh_look[10], sh_search[10], sh_cut[10], sh_cutn[10], sh_exact[10], sh_outer, sh_exact_outer;
static int sh_depth = 0;

static u64 coarse_suit(const S *s, int su) {
    unsigned p[4], lm = 0, zp = 0;
    for (int i = 0; i < 4; i++) { p[i] = places(s, su, s->hand[i]); lm |= p[i]; }
    for (int i = 0; i < s->nord[su]; i++) if (!s->pts[s->ord[su][i]]) zp |= 1u << i;
    unsigned z = 0;
    if (shadow_mode == 2 || su != s->trump) {
        unsigned pp = lm & ~zp;
        unsigned above = pp ? (2u << (31 - __builtin_clz(pp))) - 1 : 0;   /* places down to the lowest point card */
        z = lm & zp & ~above;
    }
    unsigned keep = lm & ~z, b0 = p[1] | p[3], b1 = p[2] | p[3];
    u64 co = 0; int j = 0;
    for (unsigned t = keep; t; t &= t - 1, j += 2) {
        int i = __builtin_ctz(t);
        co |= (u64)((b0 >> i & 1) | (b1 >> i & 1) << 1) << j;
    }
    u64 cnt = 0;
    for (int i = 0; i < 4; i++) cnt |= (u64)popc(p[i] & z) << (4 * i);
    return (u64)s->canon[su][keep] | co << 9 | cnt << 27 | (u64)1 << 45;
}

static int boundary_shadow(S *s, int leader, int left, int alpha, int beta) {
    u64 c[4], k0 = 0x243F6A8885A308D3ULL, k1 = 0x13198A2E03707344ULL ^ (u64)leader;
    for (int su = 0; su < NSUITS; su++) {
        c[su] = coarse_suit(s, su);
        k0 = (k0 ^ c[su]) * 0x9E3779B97F4A7C15ULL; k0 ^= k0 >> 31;
        k1 = (k1 ^ c[su]) * 0xC2B2AE3D27D4EB4FULL; k1 ^= k1 >> 29;
    }
    u64 x[2];
    make_key(s, leader, x);
    Shadow *e = &shadow_tab[(k0 ^ k1 >> 17) & (((u64)1 << SHADOW_BITS) - 1)];
    int match = e->gen == tt_gen && e->k0 == k0 && e->k1 == k1, would = match && (e->lo >= beta || e->hi <= alpha);
    int exact = match && e->x0 == x[0] && e->x1 == x[1];
    sh_look[left]++;
    if (would) sh_depth++;
    long long n0 = s->nodes;
    int v = boundary_search(s, leader, left, alpha, beta);
    if (would) sh_depth--;
    if (s->stop) return v;
    long long d = s->nodes - n0;
    if (d > 0) {
        sh_search[left]++;
        if (would) {
            if (exact) { sh_exact[left]++; if (!sh_depth) sh_exact_outer += d; }
            else { sh_cut[left]++; sh_cutn[left] += d; if (!sh_depth) sh_outer += d; }
        }
    }
    if (!match) { e->k0 = k0; e->k1 = k1; e->gen = tt_gen; e->lo = 0; e->hi = (int16_t)(s->handpts + s->last_bonus); }
    e->x0 = x[0]; e->x1 = x[1];
    if (v <= alpha) { if (v < e->hi) e->hi = (int16_t)v; }
    else if (v >= beta) { if (v > e->lo) e->lo = (int16_t)v; }
    else { if (v > e->lo) e->lo = (int16_t)v; if (v < e->hi) e->hi = (int16_t)v; }
    return v;
}

static int boundary_gaps(S *s, int leader, int left, int alpha, int beta) {
    if (shadow_mode && left >= sh_min && left <= 8) return boundary_shadow(s, leader, left, alpha, beta);
    int R = s->handpts + s->last_bonus, lo_b = 0, hi_b = R, ft, fp;
    if (left >= 4 && s->maxside == s->maxteam) {
        if ((fp = forced_points(s, left, R, &ft)) > 0) { if (ft == s->maxteam) lo_b = fp; else hi_b = R - fp; }
        int lb = sure_points(s, leader, left, R);
        if (TEAM(leader) == s->maxteam) { if (lb > lo_b) lo_b = lb; } else if (R - lb < hi_b) hi_b = R - lb;
    }
    long long n0 = s->nodes;
    int v = boundary_search(s, leader, left, alpha, beta);
    if (left >= 4 && s->maxside == s->maxteam && lo_b < beta && hi_b > alpha && s->nodes > n0 && !s->stop) {
        int high = v >= beta, gap = high ? beta - lo_b : hi_b - alpha, bin = gap / 5 > 19 ? 19 : gap / 5;
        gaps[left][high | (TEAM(leader) == s->maxteam) << 1][bin] += s->nodes - n0;
    }
    return v;
}
#endif

/* k cards on the table of the trick led by s->leader, the trick so far `ts` (lead_state). */
/* An enhanced transposition cutoff for the fourth hand of a trick that leaves s->etc_from
 * cards a hand or more (the first tricks of a full deal): before his cards are searched, the
 * boundary after each of them is looked up in the table, and an entry whose bound decides
 * the window his way ends the node with that bound (fail-soft; -1: none does). His first
 * card cuts off nine times in ten anyway, but where another card's position is known, the
 * first one's subtree (hundreds of thousands of nodes at six cards a hand) is not searched.
 * Option 1 << 13 off; 1 << 31 from four cards a hand (benchmarks/README.md, round eight). */
static int etc_fourth(S *s, int player, unsigned ts, const int *moves, int n, int maxing, int alpha, int beta) {
    /* the keys after the trick: the suits of the first three cards once (as next_key), then
     * for each of his cards only its own suit again */
    const u64 m27 = ((u64)1 << 27) - 1;
    int incr = s->incr_key && s->bvalid[s->tleft];
    u64 k[NSUITS];
    if (incr) {
        const u64 *prev = s->bkey[s->tleft];
        k[0] = prev[0] & m27; k[1] = prev[0] >> 27; k[2] = prev[1] & m27; k[3] = prev[1] >> 27 & m27;
        unsigned done = 0;
        for (int j = 0; j < 3; j++) {
            int su = s->suit[s->table[j]];
            if (!(done >> su & 1)) { done |= 1u << su; k[su] = suit_key(s, su); }
        }
    }
    for (int i = 0; i < n; i++) {
        int c = moves[i];
        int w = takes(s, TS_LS(ts), TS_WS(ts), c) ? 3 : TS_WI(ts), p = TS_P(ts) + s->pts[c];
        int seat = (s->leader + w) & 3;
        u64 key[2];
        s->hand[player] &= ~((u64)1 << c);
        if (incr) {
            int su = s->suit[c];
            u64 keep = k[su];
            k[su] = suit_key(s, su);
            join_key(k, seat, key);
            k[su] = keep;
        } else make_key(s, seat, key);
        s->hand[player] |= (u64)1 << c;
        u64 h = key_hash(key) & s->mask & ~(u64)(BUCKET - 1);
        for (int j = 0; j < BUCKET; j++) {
            const Entry *x = &tt[h + j];
            if (x->k[0] == key[0] && x->k[1] == key[1] && x->gen == tt_gen) {
                int add = TEAM(seat) == s->maxteam ? p : 0;
                if (maxing && x->lo + add >= beta) return x->lo + add;
                if (!maxing && x->hi + add <= alpha) return x->hi + add;
                break;
            }
        }
    }
    return -1;
}

static int trick(S *s, int k, int alpha, int beta, unsigned ts) {
    STAT(ST_F_NODES, s->tleft);
    if (++s->nodes >= s->check_at && check_budget(s)) return 0;
    int player = (s->leader + k) & 3;
    int moves[9];
    /* the first three cards, put back on the table after each boundary below (a copy of the
     * table as one block read back the card just stored: a failed store forwarding, 2 % of
     * a full deal's time) */
    int t0 = s->table[0], t1 = s->table[1], t2 = s->table[2];
    if (k == 3 && s->tleft == 3 && s->fast2 && s->l2cache) l2_prefetch(s, player, TS_LS(ts), TS_WS(ts), TS_WI(ts));
    /* the first tricks: this position's bounds from the earlier probes of the deal (itt) */
    ItEntry *ie = NULL;
    u64 ix[3] = {0, 0, 0};
    int a0 = alpha, b0 = beta;
    if (s->tleft >= s->itt_from && s->itt_from) {
        u64 h0 = s->hand[0], h1 = s->hand[1], h2 = s->hand[2], h3 = s->hand[3];
        u64 tb = (u64)t0 | (k > 1 ? (u64)t1 << 6 : 0) | (k > 2 ? (u64)t2 << 12 : 0);
        ix[0] = h0 | h1 << 36;
        ix[1] = h1 >> 28 | h2 << 8 | h3 << 44;
        ix[2] = h3 >> 20 | tb << 16 | (u64)k << 34 | (u64)s->leader << 36;
        u64 hh = (ix[0] * 0x9E3779B97F4A7C15ULL) ^ (ix[1] * 0xC2B2AE3D27D4EB4FULL) ^ (ix[2] * 0x165667B19E3779F9ULL);
        ie = &itt[(hh ^ hh >> 29) & (((u64)1 << ITT_BITS) - 1)];
        STAT(ST_ITT_PROBES, s->tleft);
        if (ie->gen == tt_gen && ie->x[0] == ix[0] && ie->x[1] == ix[1] && ie->x[2] == ix[2]) {
            STAT(ST_ITT_HITS, s->tleft);
            if (ie->lo >= beta || ie->hi <= alpha || ie->lo == ie->hi) STAT(ST_ITT_CUTS, s->tleft);
            if (ie->lo >= beta) return ie->lo;
            if (ie->hi <= alpha) return ie->hi;
            if (ie->lo == ie->hi) return ie->lo;
            if (ie->lo > alpha) alpha = ie->lo;
            if (ie->hi < beta) beta = ie->hi;
            a0 = alpha; b0 = beta;
        }
    }
    int n = gen_follows(s, k, player, ts, moves);
    if (s->prune_kf && n > s->prune_kf && s->tleft > s->prune_m) n = s->prune_kf;   /* forward pruning */
    int maxing = TEAM(player) == s->maxside;
    int best = maxing ? -1 : 1 << 20;
    if (k == 3 && s->etc_from && s->tleft - 1 >= s->etc_from && n > 1) {
        int v = etc_fourth(s, player, ts, moves, n, maxing, alpha, beta);
        if (v >= 0) return v;
    }
#ifdef SOLVER_STATS
    long long st_first = s->nodes, st_mv = s->nodes;
#endif
    for (int i = 0; i < n; i++) {
        int c = moves[i], v;
#ifdef SOLVER_STATS
        st_mv = s->nodes;
#endif
        s->hand[player] &= ~((u64)1 << c);
        s->handpts -= s->pts[c];
        s->table[k] = c;
        if (k == 3) {
            int w = takes(s, TS_LS(ts), TS_WS(ts), c) ? 3 : TS_WI(ts), p = TS_P(ts) + s->pts[c];
            int seat = (s->leader + w) & 3;
            if (!s->hand[0]) p += s->last_bonus;
            if (TEAM(seat) == s->maxteam) v = p + boundary_at(s, seat, s->tleft - 1, alpha - p, beta - p);
            else v = boundary_at(s, seat, s->tleft - 1, alpha, beta);
            s->table[0] = t0; s->table[1] = t1; s->table[2] = t2;
        } else {
            v = trick(s, k + 1, alpha, beta, next_state(s, ts, k, c));
        }
        s->hand[player] |= (u64)1 << c;
        s->handpts += s->pts[c];
        if (s->stop) return 0;
        if (maxing) {
            if (v > best) best = v;
            if (best > alpha) alpha = best;
        } else {
            if (v < best) best = v;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) {
            STAT(i ? ST_F_CUTN : ST_F_CUT1, s->tleft);
            STAT_ADD(ST_F_WASTE, s->tleft, st_mv - st_first);   /* the cards tried before the one that cut off */
            break;
        }
        if (i == n - 1) STAT(ST_F_NOCUT, s->tleft);
    }
    if (ie) {   /* fail-soft: a bound on the side of the window the value lies on, or the value */
        if (!(ie->gen == tt_gen && ie->x[0] == ix[0] && ie->x[1] == ix[1] && ie->x[2] == ix[2])) {
            ie->x[0] = ix[0]; ie->x[1] = ix[1]; ie->x[2] = ix[2]; ie->gen = tt_gen;
            ie->lo = 0; ie->hi = INT16_MAX;
        }
        if (best <= a0) { if (best < ie->hi) ie->hi = (int16_t)best; }
        else if (best >= b0) { if (best > ie->lo) ie->lo = (int16_t)best; }
        else ie->lo = ie->hi = (int16_t)best;
    }
    return best;
}

/* ---- the drivers ------------------------------------------------------------------- */
static int mtdf(S *s, int root, int guess, int R) {
    int lo = 0, hi = R, g = guess;
    if (g < lo) g = lo;
    if (g > hi) g = hi;
    while (lo < hi) {
        int beta = g == lo ? g + 1 : g;
        g = boundary(s, root, beta - 1, beta);
        if (s->stop) return 0;
        if (g < beta) hi = g; else lo = g;
    }
    return lo;
}

/* The value of leading card c at the root against the zero window (beta-1, beta). */
static int root_move(S *s, int root, int c, int beta) {
    s->leader = root;
    s->tlive = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    s->tleft = popc(s->hand[root]);
    s->bvalid[s->tleft] = 0;   /* no boundary led this trick: its key is not made */
    s->hand[root] &= ~((u64)1 << c);
    s->handpts -= s->pts[c];
    s->table[0] = c;
    int v = trick(s, 1, beta - 1, beta, lead_state(s, c));
    s->hand[root] |= (u64)1 << c;
    s->handpts += s->pts[c];
    return v;
}

/* The table of places for a suit whose rank r stands at place pos[r] of its order: built
 * once per order (a game has two or three: trumps, the plain suits) and kept for the life
 * of the process, so a change of the trump kind between calls costs a look-up. */
static const uint16_t *order_places(const int *pos) {
    static struct { int pos[9]; uint16_t bits[512]; } *known = NULL;
    static int nknown = 0, cap = 0;
    for (int i = 0; i < nknown; i++)
        if (!memcmp(known[i].pos, pos, sizeof known[i].pos)) return known[i].bits;
    if (nknown == cap) {
        /* never freed nor moved while in use: grown by a new block only when full (the
         * old block stays, the S copies of parse_tables may point into it) */
        int ncap = cap ? 2 * cap : 8;
        void *blk = malloc((size_t)ncap * sizeof *known);
        if (!blk) return NULL;
        known = blk; cap = ncap; nknown = 0;
    }
    memcpy(known[nknown].pos, pos, sizeof known[nknown].pos);
    uint16_t *b = known[nknown].bits;
    b[0] = 0;
    for (unsigned m = 1; m < 512; m++) b[m] = (uint16_t)(b[m & (m - 1)] | 1u << pos[__builtin_ctz(m)]);
    return known[nknown++].bits;
}

static int parse_tables(S *s, PyObject *pts, PyObject *strength) {
    Py_buffer pb, sb;
    if (PyObject_GetBuffer(pts, &pb, PyBUF_SIMPLE) < 0) return -1;
    if (PyObject_GetBuffer(strength, &sb, PyBUF_SIMPLE) < 0) { PyBuffer_Release(&pb); return -1; }
    int ok = pb.len == NCARDS && sb.len == NSUITS * NCARDS;
    if (ok) {
        const unsigned char *p = pb.buf, *q = sb.buf;
        for (int c = 0; c < NCARDS; c++) { s->pts[c] = p[c]; ok &= p[c] < 64; }   /* three in a trick's word (lead_state) */
        for (int su = 0; su < NSUITS; su++)
            for (int c = 0; c < NCARDS; c++) s->str[su][c] = q[su * NCARDS + c];
    }
    PyBuffer_Release(&pb); PyBuffer_Release(&sb);
    if (!ok) { PyErr_SetString(PyExc_ValueError, "tables: 36 points (each under 64) and 4 x 36 strengths"); return -1; }
    /* tables seen before: their derived part (all of S before `trump`, which depends on
     * the points and strengths alone) is copied, not built again (the canonical places
     * took 12 us, as long as a whole one-card solve). rules.py makes one pair of tables a
     * trump kind (four suits, Obenabe, Undenufe; a Misère and the Puur do not change
     * them), so a simulation that changes the kind between calls finds all of them here.
     * At most KNOWN_TABLES pairs (5.5 kB each) are kept; beyond, the oldest is replaced. */
    enum { KNOWN_TABLES = 8 };
    static S *known[KNOWN_TABLES];
    static int nknown = 0, next_out = 0;
    for (int i = 0; i < nknown; i++) {
        S *k = known[i];
        if (!memcmp(k->pts, s->pts, sizeof s->pts) && !memcmp(k->str, s->str, sizeof s->str)) {
            memcpy(s, k, offsetof(S, trump));
            return 0;
        }
    }
    /* derived: suits, the order of each suit (by its strength when led), value codes */
    int distinct[NCARDS], nd = 0;
    for (int su = 0; su < NSUITS; su++) { s->nord[su] = 0; s->suitmask[su] = 0; }
    for (int c = 0; c < NCARDS; c++) {
        int su = c / 9;
        s->suit[c] = su;
        s->suitmask[su] |= (u64)1 << c;
        int i = s->nord[su]++;
        while (i > 0 && s->str[su][s->ord[su][i - 1]] < s->str[su][c]) { s->ord[su][i] = s->ord[su][i - 1]; i--; }
        s->ord[su][i] = c;
        int j = 0;
        while (j < nd && distinct[j] != s->pts[c]) j++;
        if (j == nd) distinct[nd++] = s->pts[c];
        s->vcode[c] = j;
    }
    if (nd > 16) { PyErr_SetString(PyExc_ValueError, "more than 16 point values"); return -1; }
    /* the point values low to high with their cards (low_sum) */
    s->nvals = nd;
    for (int j = 0; j < nd; j++) {
        int i = j, v = distinct[j];
        while (i > 0 && s->vval[i - 1] > v) { s->vval[i] = s->vval[i - 1]; i--; }
        s->vval[i] = v;
    }
    for (int j = 0; j < nd; j++) {
        s->vmask[j] = 0;
        for (int c = 0; c < NCARDS; c++) if (s->pts[c] == s->vval[j]) s->vmask[j] |= (u64)1 << c;
    }
    /* the table key's canonical places: the live cards' values in turn, embedded in the
     * suit's order as early as they fit (the same values in turn, the same places) */
    for (int su = 0; su < NSUITS; su++) {
        int n = s->nord[su];
        for (int i = 0; i < n; i++) s->pos[s->ord[su][i]] = i;
        if (!(s->posbits[su] = order_places(s->pos + su * 9))) { PyErr_NoMemory(); return -1; }
        for (unsigned m = 0; m < (1u << n); m++) {
            unsigned canon = 0; int at = 0;
            for (int i = 0; i < n; i++) {
                if (!(m >> i & 1)) continue;
                int v = s->pts[s->ord[su][i]];
                while (s->pts[s->ord[su][at]] != v) at++;   /* found at i at the latest */
                canon |= 1u << at++;
            }
            s->canon[su][m] = (uint16_t)canon;
        }
    }
    S *k = nknown < KNOWN_TABLES ? (known[nknown] = malloc(offsetof(S, trump))) : known[next_out];
    if (k) {
        memcpy(k, s, offsetof(S, trump));
        if (nknown < KNOWN_TABLES) nknown++; else next_out = (next_out + 1) % KNOWN_TABLES;
    }
    return 0;
}

/* solve(hands, leader, team, misere, pts, strength, trump, puur, last, target, want_best,
 *       max_nodes, max_seconds, options) -> (value, best_mask, nodes, stop)
 * hands: 4 masks of the 36 cards; team 0 (A and C) or 1: whose points are counted, who
 * maximises them unless misere (then the other team does); target < 0: the exact value;
 * options: bit 0 no table, bit 1 no equivalence, bit 2 no ordering, bit 3 MTD(f) instead
 * of bisection, bit 4 one full-window search instead, bit 5 no sure-trick bound, bit 6
 * no cheapest cards of the others in the cashing bound, bit 7 no forced (top-trump) bound,
 * bit 8 the plain lead order, bit 9 no third-hand hold-back, bit 10 the last two tricks
 * through the table instead of last_two, bit 11 a Misère ordered like the other games,
 * bit 12 max_seconds counts the CPU time of the process instead of the wall clock,
 * bit 15 the exact value by bisection from the middle (no descent from the top first),
 * bit 16 the table key made from the whole position at every boundary (not from the key
 * one trick up), bit 18 the table gives up the entries with the fewest cards left first (not the
 * smallest searches),
 * bit 24 the third trick from the end searched like the others (not played out by three_rec),
 * bit 17 the boundaries with three cards a hand in the table also where three_rec plays them,
 * bit 19 no bounds kept for the boundaries three_rec plays out (three_cache),
 * bit 58 the small tables (three_cache, the inner table, the two-trick cache) kept in 4 kB
 * pages, not moved to huge pages at the first solve of seven cards or more (small_tables),
 * bit 20 the followers ordered as before where this round changed it (the second hand under
 * his partner's top card led, a Misère's third hand when the last player must take the
 * trick over, trumping an opponent's card with the trump of the fewest points, a discard's
 * strength in its own suit counted 16 times), bit 21 a Misère's
 * leads and discards ordered as before (without regard to who has none of the suit, a discard
 * by its points first), bit 22 the root's leads searched again in every probe of the exact
 * value and for the best cards (their bounds from the earlier probes not kept), bit 23 where
 * every lead fails the table keeps the lead of the highest bound (not the card it had),
 * bit 26 a new position's leads in their own order (not first the lead that last cut off
 * at a boundary with as many cards), bit 27 the two-trick cache's endings searched with an
 * open window (not the window of the points they hold), bit 25 the deal's whole part of the
 * table from the start (not grown with the search, tt_grow), bit 28 the table of the previous
 * solve kept where that solve had the same deal and options (the
 * probes of one deal for several targets share it; a fresh table otherwise).
 * value: the team's points (with a target: a bound on the same side of it as the
 * true value); best_mask: the cards of the player to move that keep the best result;
 * stop: 0 done, 1 node budget, 2 time limit. */
/* What a table's entries are true for: a deal (hands, leader, teams, Misère, trump kind,
 * last trick's points) and the options it was solved with (those that change the search;
 * without the table no generation is counted). Zeroed before it is filled: compared whole. */
typedef struct {
    unsigned long long h[4];
    int leader, maxteam, misere, trump, puur, last, options, options_hi;
    int prune;                   /* the forward pruning (k, kf, m; 0: the exact search) */
    int pts[NCARDS], str[NSUITS][NCARDS];
} DealId;

static void deal_id(DealId *d, const unsigned long long h[4], int leader, int maxteam, int misere, int trump,
                    int puur, int last, unsigned long long options, const S *s) {
    memset(d, 0, sizeof *d);
    d->prune = s->prune_k | s->prune_kf << 8 | s->prune_m << 16;
    memcpy(d->h, h, sizeof d->h);
    d->leader = leader; d->maxteam = maxteam; d->misere = misere; d->trump = trump; d->puur = puur;
    d->last = last; d->options = (int)options & ~(1 << 28 | 4096 | OWN_TABLE_PART); d->options_hi = (int)(options >> 32 & ~((u64)1 << 26));   /* (not bit 58, SMALL_PAGES: a layout) */
    memcpy(d->pts, s->pts, sizeof d->pts); memcpy(d->str, s->str, sizeof d->str);
}

/* The deal of the last solve (option 1 << 28 keeps its table for the next solve of the same deal). */
static struct {
    int valid;
    DealId id;
    u64 mask;                    /* the part of the table it used, as far as it grew */
    long long fill, grow_at;
} last_deal;

/* The three-card table (128 kB), the inner table (1 MB) and the two-trick cache (4 MB) in one
 * block. Their entries are read at random, one a node of the last three tricks, and with 4 kB
 * pages a read missed the TLB as well (perf, issue 21 round sixteen: the two-trick cache's
 * word was 43 % of three_rec's time, the three-card entry two thirds of three_boundary's):
 * from the first solve of seven cards a hand or more without a time limit (small_tables(1))
 * the block is one of huge pages where the system gives them, as the table's (tt_alloc;
 * round sixteen: CPU some -5 % on full deals' brackets, benchmarks/README). Before that, and
 * with option bit 58 (SMALL_PAGES), 4 kB pages: a small endgame touches a few of them, not
 * the fault of a whole huge page (up to 19 ms in this VM: benchmarks/README, "Tiny solves"),
 * nor does a solve with a time limit. The block is replaced only where a new generation
 * begins (its entries are empty: the new block's zeros are of no generation). The three-card
 * and inner tables come first, then the two-trick cache, whose first 256 kB are all that a
 * deal of six cards or fewer uses. */
static char *small_block = NULL;
static size_t small_span = 0;      /* its mapping's size (0: from calloc) */
static int small_huge = 0;         /* huge pages asked for it */

static int small_tables(int huge) {
    if (small_block && (small_huge || !huge)) return 0;
    size_t b3 = sizeof(Entry3) * THREE_CACHE_SIZE, bi = sizeof(ItEntry) << ITT_BITS;
    size_t bytes = b3 + bi + (sizeof(u64) << L2_BITS_MAX);
    size_t align = (size_t)1 << 21, span = (bytes + align - 1) & ~(align - 1);
    char *a = NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    char *p = mmap(NULL, span + (huge ? align : 0), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p != MAP_FAILED) {
        a = p;
        if (huge) {   /* aligned to a huge page, the rest given back */
            a = (char *)(((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1));
            if (a > p) munmap(p, (size_t)(a - p));
            if (a + span < p + span + align) munmap(a + span, (size_t)(p + span + align - (a + span)));
            madvise(a, span, MADV_HUGEPAGE);
        }
    }
#else
    (void)align;
#endif
    if (!a) {
        if (small_block) { small_huge = huge; return 0; }   /* keep the one there is */
        if (!(a = calloc(1, span))) { PyErr_NoMemory(); return -1; }
        span = 0;
    }
    if (small_block && small_span) munmap(small_block, small_span);
    else if (small_block) free(small_block);
    small_block = a; small_span = span; small_huge = huge;   /* (asked once, given or not) */
    three_cache = (Entry3 *)a;
    itt = (ItEntry *)(a + b3);
    l2_cache = (u64 *)(a + b3 + bi);
    l2_dirty_bits = 0;
    return 0;
}

/* A new generation of the table (the entries of the others are empty), and of the two-trick cache. */
static void new_generation(int l2cache) {
    /* the three-card table keeps 24 bits of the number: cleared when they come round (where
     * all 32 come round, below, the table too) */
    if (((tt_gen + 1) & 0xFFFFFF) == 0 && tt_gen + 1 != 0) { memset(three_cache, 0, sizeof(Entry3) * THREE_CACHE_SIZE); tt_gen++; }

    tt_gen++;
    if (tt_gen == 0) {
        memset(tt, 0, (tt_mask + 1) * sizeof(Entry)); memset(three_cache, 0, sizeof(Entry3) * THREE_CACHE_SIZE);
        if (itt) memset(itt, 0, sizeof(ItEntry) << ITT_BITS);
        tt_gen = 1;
    }
    if (l2cache && ++l2_gen == 128) { memset(l2_cache, 0, sizeof(u64) << l2_dirty_bits); l2_dirty_bits = 0; l2_gen = 1; }
}

/* The part of the table a deal of `size` cards a hand may use (its mask_cap), and where a
 * solve of it starts (the part this process used already, else 2^16 entries; the whole of
 * it with option 1 << 25). */
static u64 table_cap(int size) {
    int lg = size <= 6 ? 16 : 16 + 2 * (size - 5);   /* six cards: 16 measured faster than 18 */
    lg = lg < 16 ? 16 : lg > 22 ? 22 : lg;
    return (((u64)1 << lg) - 1) & tt_mask;
}

/* The best cards of the leads of `part` (0: all) for the value `value` (as the exact value's loop). */
static u64 best_of_leads(S *s, int leader, int value, u64 part) {
    int moves[9]; u64 group[9], best_mask = 0;
    int maxing = TEAM(leader) == s->maxside;
    s->leader = leader;
    int n = gen_leads(s, leader, -1, moves, group);
    for (int i = 0; i < n && !s->stop; i++) {
        if (part && !(part >> lowbit(group[i]) & 1)) continue;
        /* max: does the card keep `value`? min: does it hold the max team to it?
         * (not asked again where the value's probes proved the answer) */
        int c = moves[i], lo_c = s->rlo[c], hi_c = s->rhi[c];
        if (s->root_bounds && (maxing ? lo_c >= value : hi_c <= value)) { best_mask |= group[i]; continue; }
        if (s->root_bounds && (maxing ? hi_c < value : lo_c > value)) continue;
        int v = root_move(s, leader, c, maxing ? value : value + 1);
        if (maxing ? v >= value : v <= value) best_mask |= group[i];
    }
    return best_mask;
}

/* ---- two processes for one deal (solver.solve's workers=2) ------------------------- */
/* The probes of the exact value and its best cards split at the root: a second
 * process forked from this one searches the root's leads of one part (root_part: by the
 * suits of the leader's hand, the suits' leads shared out to balance their number), this
 * one the rest, each with its own table (the child starts an empty one) kept across the
 * probes of the solve, as its own root leads' bounds (root_bounds). A part whose bound
 * decides the probe (the side to move at the root finds a lead that reaches its side)
 * decides it, and the other gives up at its next check of the budget; else the probe's
 * bound is the better of the two parts' bounds (fail-soft: each a bound on its leads).
 * They talk through one shared page (the commands and the child's results) and two pipes
 * (to wake the other). The answers are those of one process; the nodes and who stops
 * first depend on the timing. POSIX only (fork). */
#if defined(__unix__) || defined(__APPLE__)
#define PAR_OK 1
#include <unistd.h>
#include <poll.h>
#include <signal.h>
#include <errno.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

typedef struct {
    int cmd, seq, x;              /* the parent's command: 1 probe x, 2 best cards for value x, 3 quit */
    int stop_child;               /* the parent: give up the current command */
    long long max_nodes;          /* the child's budget for this command (0: none) */
    double deadline;              /* ... and its clock's deadline (0: none) */
    int done_seq, g, stopped, success;   /* the child's answer to command done_seq */
    long long nodes, probe_nodes; /* the child's nodes in all, and in this command */
    u64 best;
} Par;

static Par *par = NULL;           /* the page (in the parent and the child) */
static int par_wake[2] = {-1, -1}, par_done[2] = {-1, -1};
static pid_t par_pid = 0;
static u64 par_mine = 0, par_theirs = 0;
static long long par_crit = 0, par_sum = 0;   /* the last parallel solve: the probes' longer part, summed; all nodes */
static long long par_lost_nodes = 0;          /* ... the nodes of a second process that died amid it */
static int par_lost = 0;                      /* ... and whether one did (then this process went on alone) */
static double par_stopped_at = 0;   /* the wall clock when the child was seen stopped (0: running) */

static void par_end(int kill_it) {
    if (par_pid > 0) {
        if (kill_it) kill(par_pid, SIGKILL);
        else {
            __atomic_store_n(&par->cmd, 3, __ATOMIC_RELAXED);
            __atomic_add_fetch(&par->seq, 1, __ATOMIC_RELEASE);
            if (write(par_wake[1], "q", 1) < 0) kill(par_pid, SIGKILL);
        }
        while (waitpid(par_pid, NULL, 0) < 0 && errno == EINTR) {}
    }
    par_pid = 0;
    for (int i = 0; i < 2; i++) {
        if (par_wake[i] >= 0) close(par_wake[i]);
        if (par_done[i] >= 0) close(par_done[i]);
        par_wake[i] = par_done[i] = -1;
    }
    if (par) munmap(par, sizeof(Par));
    par = NULL;
}

/* The child: an empty table of its own, then the parent's commands until it quits (or dies). */
static void par_child(S *s, int leader) {
    signal(SIGINT, SIG_IGN);      /* Ctrl-C is the parent's: it ends the child */
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(0);
#endif
    close(par_wake[1]); close(par_done[0]);
    s->in_child = 1;
    uint32_t gen = tt_gen;
    if (s->use_tt) {
        tt_free(tt); tt = NULL; tt_mask = 0;
        if (tt_init(22) < 0) _exit(1);
        tt_gen = gen;             /* the fresh entries (0) are of no generation */
        s->mask = s->mask_cap < ((u64)1 << TT_START_LG) - 1 ? s->mask_cap : ((u64)1 << TT_START_LG) - 1;
        s->fill = 0; s->grow_at = (long long)((s->mask + 1) / 4);
        tt_touched = s->mask; tt_nlog = 0; tt_log_lost = 1;
    }
    int seen = 0, maxing = TEAM(leader) == s->maxside;
    for (;;) {
        char c;
        ssize_t r = read(par_wake[0], &c, 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) _exit(0);
        int seq = __atomic_load_n(&par->seq, __ATOMIC_ACQUIRE);
        if (seq == seen) continue;
        seen = seq;
        int cmd = par->cmd, x = par->x;
        if (cmd != 1 && cmd != 2) _exit(0);
        s->stop = 0;
        long long n0 = s->nodes;
        s->max_nodes = par->max_nodes ? n0 + par->max_nodes : 0;
        s->deadline = par->deadline > 0 ? par->deadline : par->deadline < 0 ? now() - par->deadline : 0;
        next_check(s);
        s->root_part = par_theirs;
        int g = 0, success = 0;
        u64 best = 0;
        if (cmd == 1) {
            g = boundary(s, leader, x - 1, x);
            success = !s->stop && (maxing ? g >= x : g < x);
        } else best = best_of_leads(s, leader, x, par_theirs);
        par->g = g; par->success = success; par->stopped = s->stop; par->best = best;
        par->nodes = s->nodes; par->probe_nodes = s->nodes - n0;
        __atomic_store_n(&par->done_seq, seq, __ATOMIC_RELEASE);
        if (write(par_done[1], "d", 1) < 0) _exit(0);
    }
}

/* Fork the child for this solve (after its setup: it inherits the deal); 0, or -1 where
 * the system refused (then the solve runs in this process alone). */
static int par_start(S *s, int leader) {
    int moves[9]; u64 group[9], by_suit[NSUITS] = {0};
    int nsuit[NSUITS] = {0};
    int n = gen_leads(s, leader, -1, moves, group);
    if (n < 2) return -1;
    for (int i = 0; i < n; i++) { int su = s->suit[moves[i]]; by_suit[su] |= group[i]; nsuit[su]++; }
    /* the suits shared out, the most leads first, each to the part with fewer */
    int na = 0, nb = 0;
    par_mine = par_theirs = 0;
    for (int k = 0; k < NSUITS; k++) {
        int su = -1;
        for (int t = 0; t < NSUITS; t++) if (nsuit[t] && (su < 0 || nsuit[t] > nsuit[su])) su = t;
        if (su < 0) break;
        if (na <= nb) { par_mine |= by_suit[su]; na += nsuit[su]; }
        else { par_theirs |= by_suit[su]; nb += nsuit[su]; }
        nsuit[su] = 0;
    }
    if (!par_theirs) {   /* one suit: its leads shared out in turn */
        par_mine = 0;
        for (int i = 0; i < n; i++) { if (i & 1) par_theirs |= group[i]; else par_mine |= group[i]; }
    }
    Par *p = mmap(NULL, sizeof(Par), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return -1;
    par = p;
    memset(par, 0, sizeof *par);
    if (pipe(par_wake) < 0 || pipe(par_done) < 0) { par_end(0); return -1; }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { par_end(0); return -1; }
    if (pid == 0) { par_child(s, leader); _exit(0); }
    par_pid = pid;
    par_stopped_at = 0;
    close(par_wake[0]); close(par_done[1]);
    par_wake[0] = par_done[1] = -1;
    par_crit = par_sum = par_lost_nodes = 0;
    par_lost = 0;
    return 0;
}

/* Wait for the child's answer to the current command; -1 on Ctrl-C (s->stop 3), -2 where
 * the child is gone (killed from outside, out of memory: its end of the pipe closed) or
 * has been stopped (SIGSTOP) for PAR_GRACE seconds of the wall clock while this process
 * waits (then the caller's par_gone ends it and this process goes on alone, within its own
 * limit: a stopped child spends no CPU, so a limit of CPU time never ran out in this wait,
 * and without a limit it never ended), -3 where the limit of the wall clock ran out and the
 * child did not answer within PAR_GRACE seconds more (starved): then it is ended here
 * (s->stop 2, par NULL: the solve goes on as one stopped by its limit). A live child stops
 * at the same deadline by its own check and answers first. Before, the wait had no limit:
 * with the child stopped, a `tutor solve --max-seconds` waited until it went on. */
#define PAR_GRACE 0.5
static double wall_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
static int par_wait(S *s) {
    int seq = par->seq;
    while (__atomic_load_n(&par->done_seq, __ATOMIC_ACQUIRE) != seq) {
        struct pollfd pf = {par_done[0], POLLIN, 0};
        int r = poll(&pf, 1, 50);
        if (r > 0) {
            char buf[16];
            ssize_t k = read(par_done[0], buf, sizeof buf);
            if (k == 0) return -2;
        }
        int st;
        pid_t w = waitpid(par_pid, &st, WNOHANG | WUNTRACED | WCONTINUED);
        if (w == par_pid) {
            if (WIFSTOPPED(st)) par_stopped_at = wall_now();
            else if (WIFCONTINUED(st)) par_stopped_at = 0;
            else { par_pid = 0; return -2; }       /* it ended (and is collected now) */
        }
        if (par_stopped_at > 0 && wall_now() >= par_stopped_at + PAR_GRACE
            && __atomic_load_n(&par->done_seq, __ATOMIC_ACQUIRE) != seq) return -2;
        if (PyErr_CheckSignals() < 0) { s->stop = 3; return -1; }
        if (s->deadline > 0 && !cpu_clock && now() >= s->deadline + PAR_GRACE
            && __atomic_load_n(&par->done_seq, __ATOMIC_ACQUIRE) != seq) {
            par_lost_nodes += par->nodes;   /* its nodes of the commands it answered */
            par_end(1);
            s->stop = 2;
            return -3;
        }
    }
    return 0;
}

/* The child died amid the solve: this process collects it and goes on alone (the same
 * answers: its table holds only what its own part proved, and the root is searched whole
 * from here on). Its nodes so far still count. */
static void par_gone(S *s) {
    if (s->max_nodes) {            /* the budget holds for both: the child's nodes are spent */
        s->max_nodes -= par->nodes;
        if (s->max_nodes < 1) s->max_nodes = 1;
        next_check(s);
    }
    par_lost_nodes += par->nodes;
    par_lost = 1;
    par_end(1);
}

/* Tell the child: a command. */
static void par_send(S *s, int cmd, int x) {
    par->cmd = cmd; par->x = x; par->stop_child = 0;
    par->max_nodes = s->max_nodes ? s->max_nodes - s->nodes - par->nodes : 0;
    if (s->max_nodes && par->max_nodes < 1) par->max_nodes = 1;
    /* the wall clock's deadline is the same in both; a deadline of CPU time is the CPU
     * seconds left (negative: the child's own clock counts them) */
    par->deadline = !(s->deadline > 0) ? 0 : !cpu_clock ? s->deadline
                  : s->deadline - now() > 1e-6 ? -(s->deadline - now()) : -1e-6;
    __atomic_add_fetch(&par->seq, 1, __ATOMIC_RELEASE);
    if (write(par_wake[1], "p", 1) < 0) {}
}

/* One zero-window probe "at least x?" of the root, in two processes. */
static int par_probe(S *s, int leader, int x) {
    int maxing = TEAM(leader) == s->maxside;
    par_send(s, 1, x);
    long long n0 = s->nodes;
    s->root_part = par_mine;
    int g = boundary(s, leader, x - 1, x);
    s->root_part = 0;
    long long mine = s->nodes - n0;
    if (s->stop == 4) {            /* the child's part decided it first */
        s->stop = 0;
        int w = par_wait(s);
        if (w == -2) { par_gone(s); return boundary(s, leader, x - 1, x); }
        if (w < 0) return 0;
        par_crit += par->probe_nodes > mine ? par->probe_nodes : mine;
        return par->g;
    }
    if (s->stop || (maxing ? g >= x : g < x)) __atomic_store_n(&par->stop_child, 1, __ATOMIC_RELEASE);
    int keep_stop = s->stop;
    int w = par_wait(s);
    if (w == -2) {                 /* the child is gone: the whole probe here, unless this part decided it */
        par_gone(s);
        if (keep_stop || (maxing ? g >= x : g < x)) return keep_stop ? 0 : g;
        return boundary(s, leader, x - 1, x);
    }
    if (w < 0) return 0;
    par_crit += par->probe_nodes > mine ? par->probe_nodes : mine;
    if (keep_stop) return 0;
    if (maxing ? g >= x : g < x) return g;
    if (par->stopped) { s->stop = par->stopped == 4 ? 1 : par->stopped; return 0; }
    if (par->success) return par->g;
    return maxing ? (par->g > g ? par->g : g) : (par->g < g ? par->g : g);
}
#else
#define PAR_OK 0
#endif

static int par_check(S *s) {
#if PAR_OK
    if (!par) return 0;
    if (s->in_child) return __atomic_load_n(&par->stop_child, __ATOMIC_ACQUIRE);
    return __atomic_load_n(&par->done_seq, __ATOMIC_ACQUIRE) == par->seq && par->cmd == 1 && par->success;
#else
    (void)s;
    return 0;
#endif
}

/* A zero-window probe "at least x?" of the root: in this process, or in two (par). */
static int root_probe(S *s, int leader, int x) {
#if PAR_OK
    if (par) return par_probe(s, leader, x);
#endif
    return boundary(s, leader, x - 1, x);
}

static PyObject *py_solve(PyObject *self, PyObject *args) {
    unsigned long long h[4];
    int leader, maxteam, misere, trump, puur, last, target, want_best, options, prune_k = 0, prune_kf = 0, prune_m = 0;
    unsigned long long uoptions;   /* the option bits, up to bit 63 */
    unsigned long long root_part = 0;
    int workers = 1;
    long long max_nodes;
    double max_seconds;
    PyObject *pts, *strength;
    if (!PyArg_ParseTuple(args, "(KKKK)iipOOiiiipLdK|iiiKi", &h[0], &h[1], &h[2], &h[3], &leader, &maxteam, &misere,
                          &pts, &strength, &trump, &puur, &last, &target, &want_best,
                          &max_nodes, &max_seconds, &uoptions, &prune_k, &prune_kf, &prune_m, &root_part, &workers))
        return NULL;
    options = (int)uoptions;
    if (prune_k < 0 || prune_k > 255 || prune_kf < 0 || prune_kf > 255 || prune_m < 0 || prune_m > 255) {
        PyErr_SetString(PyExc_ValueError, "pruning: k, kf and m from 0 to 255");
        return NULL;
    }
    S *s = calloc(1, sizeof(S));
    if (!s) return PyErr_NoMemory();
    if (parse_tables(s, pts, strength) < 0) { free(s); return NULL; }
    u64 all = 0;
    for (int i = 0; i < 4; i++) {
        s->hand[i] = h[i];
        if (h[i] >> NCARDS || (all & h[i]) || popc(h[i]) != popc(h[0])) {
            free(s);
            PyErr_SetString(PyExc_ValueError, "hands: four disjoint masks of equal size");
            return NULL;
        }
        all |= h[i];
    }
    if (leader < 0 || leader > 3 || maxteam < 0 || maxteam > 1 || trump < -1 || trump > 3
        || (trump >= 0 && (puur < 0 || puur >= NCARDS)) || last < 0 || last > 255) {
        /* the last trick's points: the search's values lie in 0..R (R = the points in the
         * hands + last; a table entry's bounds are 16 bits) */
        free(s);
        PyErr_SetString(PyExc_ValueError, "leader, max team, trump, Puur or last trick's points (0 to 255) out of range");
        return NULL;
    }
    s->trump = trump; s->puur = puur; s->last_bonus = last; s->maxteam = maxteam;
    s->prune_k = prune_k; s->prune_kf = prune_kf; s->prune_m = prune_m;
    s->root_part = root_part & h[leader];
    if (root_part && !s->root_part) {
        free(s);
        PyErr_SetString(PyExc_ValueError, "root_part: none of the leader's cards");
        return NULL;
    }
    s->maxside = misere ? 1 - maxteam : maxteam;
    s->misere_order = misere && !(options & 2048);
    s->use_tt = !(options & 1); s->fast2 = !(options & 1024); s->use_equiv = !(options & 2); s->use_order = !(options & 4);
    s->use_sure = !(options & 32); s->use_sure_low = !(options & 64); s->use_forced = !(options & 128); s->lead_order = !(options & 256); s->follow_order = !(options & 512);
    s->l2cache = !(options & 16384);
    s->sure_runs = !(uoptions >> 56 & 1);   /* option bit 56 off (NO_SURE_RUNS) */
    s->sure_shares = s->sure_runs && s->use_sure_low && !(uoptions >> 57 & 1);   /* option bit 57 off (NO_SURE_SHARES) */
    s->second_order = !(options & (1 << 20));
    s->incr_key = !(options & (1 << 16));
    s->keep_work = !(options & (1 << 18));
    s->keep_hint = !(options & (1 << 23));
    s->three_cache = s->use_tt && !(options & (1 << 19));
    s->misere_void = !(options & (1 << 21));
    s->three = !(options & (1 << 24)) && s->fast2 && s->l2cache;
    s->three_notab = !(options & (1 << 17));
    s->k3 = -1;
    s->killer = !(options & (1 << 26));
    /* not with forward pruning: an estimate's nodes stay those of round five */
    s->etc_from = (options & (1 << 13)) || prune_k || prune_kf || !s->use_tt ? 0 : (uoptions >> 31 & 1) ? 4 : 6;
    s->l2_open = (options & (1 << 27)) != 0;
    /* the inner table (option bit 40 off; bit 41 from four cards a hand on);
     * not with forward pruning (an estimate's nodes stay round five's) nor without the table */
    s->itt_from = (uoptions >> 40 & 1) || prune_k || prune_kf || !s->use_tt ? 0 : (uoptions >> 41 & 1) ? 4 : ITT_FROM;
    if (small_tables(0) < 0) { free(s); return NULL; }   /* (the inner table among them) */
    for (int i = 0; i < 11; i++) s->kb[i][0] = s->kb[i][1] = -1;
    s->root_bounds = target < 0 && !(options & (1 << 22));
    s->root_left = popc(h[0]);
    for (int c = 0; c < NCARDS; c++) { s->rlo[c] = -1; s->rhi[c] = 1 << 20; }
    s->max_nodes = max_nodes; s->leader = leader;
    next_check(s);
    cpu_clock = (options & 4096) != 0;
    double t0 = now();
    s->deadline = max_seconds > 0 ? t0 + max_seconds : 0;
    for (int c = 0; c < NCARDS; c++) if (all >> c & 1) s->handpts += s->pts[c];
    if (s->use_tt && tt_init(22) < 0) { free(s); return NULL; }
    /* a small deal uses only the start of the table: fewer cache misses */
    int size = popc(h[0]);
    s->mask_cap = table_cap(size);
    /* the table's part as far as this process has used it already (its pages are in
     * memory: a simulation's solves use the whole of it, as before), else its start (tt_grow) */
    s->mask = (options & (1 << 25)) || s->mask_cap < ((u64)1 << TT_START_LG) - 1 ? s->mask_cap
            : (((u64)1 << TT_START_LG) - 1) & tt_mask;
    /* (not with forward pruning: where the table's entries fall then decides which bounds it
     * keeps, and an estimate must not depend on what the process solved before; nor with
     * option 1 << 30, OWN_TABLE_PART: the same nodes for the same solve in every process) */
    if (tt_touched > s->mask && !(prune_k | prune_kf) && !(options & OWN_TABLE_PART))
        s->mask = tt_touched < s->mask_cap ? tt_touched : s->mask_cap;
    if (s->mask > tt_touched) tt_touched = s->mask;
    /* option 1 << 28: the previous solve's entries kept where it solved the same deal (the
     * same hands, leader, teams, tables): every entry holds bounds on the same team's points
     * from a position on, true whatever window or target asked them (a bracket's probes);
     * the same options too (without the table or the two-trick cache no generation is
     * counted, so another deal's entries could look live) */
    DealId id;
    deal_id(&id, h, leader, maxteam, misere, trump, puur, last, uoptions, s);
    int same = (options & (1 << 28)) && last_deal.valid && !memcmp(&last_deal.id, &id, sizeof id);
    s->grow_at = (long long)((s->mask + 1) / 4);
    if (same && last_deal.mask <= s->mask_cap) {
        /* the previous solve's table, as far as it grew */
        s->mask = last_deal.mask; s->fill = last_deal.fill; s->grow_at = last_deal.grow_at;
    }
    if (!same) {
        /* from the first deal of seven cards or more without a time limit: huge pages */
        if (size >= 7 && !(s->deadline > 0) && !(uoptions >> 58 & 1) && small_tables(1) < 0) { free(s); return NULL; }
        new_generation(s->l2cache);
    }
    l2_bits = size <= 6 || trump < 0 ? 15 : size == 7 ? 17 : L2_BITS_MAX;
    if (l2_bits > l2_dirty_bits) l2_dirty_bits = l2_bits;
    /* a time limit: the table's pages this solve uses made ready first, and the time they
     * took asked before the first node (a limit already over stops the search there) */
    if (s->deadline > 0) {
        if (s->use_tt) tt_prepare((size_t)(s->mask + 1) * sizeof(Entry), s->deadline);
        if (now() >= s->deadline) s->check_at = 0;
    }

    int R = s->handpts + last, value = 0;
    u64 best_mask = 0;
    int maxing = TEAM(leader) == s->maxside;
#if PAR_OK
    /* two processes (workers=2): the exact value's probes and its best cards, split at the
     * root (not for MTD(f), the full window or an estimate; a single question stays in one:
     * its fail-soft bound would depend on which part answered first) */
    int two = 0;
    if (workers >= 2 && !root_part && !(prune_k | prune_kf) && popc(h[0]) >= 2
        && target < 0 && !(options & (8 | 16)))
        two = par_start(s, leader) == 0;
#endif
    if (target < 0) {
        if (options & 8) {
            value = mtdf(s, leader, R / 2, R);
        } else if (options & 16) {  /* one search with the full window */
            value = boundary(s, leader, -1, R + 1);
        } else {
            /* zero-window probes, each narrowing [lo, hi] by the bound it returns: first
             * down from the top in steps of 4, 8, 16, 16, ... until one reaches its mark,
             * then bisection inside [lo, hi] (option 32768: bisection from the middle, as
             * before). A lower bound well below the value can cost several times the
             * proof of the value itself (one Rosen deal of value 114: "at least 98" took
             * 54 M nodes from an empty table, "at least 112" 6.3 M), while the bounds
             * far above it are cheap: 20 % fewer nodes on full deals (benchmarks/README) */
            int lo = 0, hi = R, step = 4;
            /* not in a Misère: there the plain bisection took fewer nodes (300 six-card
             * endgames, the 60 Misères: 5.4 M against 5.7 M, the slowest 295 K against
             * 413 K; five and seven cards alike) */
            while (!(options & 32768) && !misere && lo < hi && !s->stop) {
                int x = hi - step;
                if (x <= lo) break;
                int g = root_probe(s, leader, x);
                if (g >= x) lo = g; else hi = g;
                if (g >= x) break;
                if (step < 16) step *= 2;
            }
            while (lo < hi && !s->stop) {
                int mid = (lo + hi + 1) / 2;
                int g = root_probe(s, leader, mid);
                if (g >= mid) lo = g; else hi = g;
            }
            value = lo;
        }
        if (want_best && !s->stop && popc(s->hand[leader]) > 0) {
#if PAR_OK
            if (par) {   /* each process the leads of its part */
                par_send(s, 2, value);
                long long n0 = s->nodes;
                best_mask = best_of_leads(s, leader, value, par_mine);
                long long mine = s->nodes - n0;
                int keep_stop = s->stop;
                if (keep_stop) __atomic_store_n(&par->stop_child, 1, __ATOMIC_RELEASE);
                int w = par_wait(s);
                if (w == 0) {
                    par_crit += par->probe_nodes > mine ? par->probe_nodes : mine;
                    if (!keep_stop && par->stopped) s->stop = par->stopped == 4 ? 1 : par->stopped;
                    best_mask |= par->best;
                } else if (w == -2) {   /* the child is gone: its leads here */
                    par_gone(s);
                    if (!keep_stop) best_mask |= best_of_leads(s, leader, value, par_theirs);
                }
            } else
#endif
            best_mask = best_of_leads(s, leader, value, 0);
        }
    } else {
        if (!want_best) {
            value = root_probe(s, leader, target);
        } else {
            int moves[9]; u64 group[9];
            s->leader = leader;
            int n = gen_leads(s, leader, -1, moves, group);
            int agg = maxing ? -1 : 1 << 20;
            u64 good = 0, all_moves = 0;
            for (int i = 0; i < n && !s->stop; i++) {
                int v = root_move(s, leader, moves[i], target);
                all_moves |= group[i];
                if (maxing ? v > agg : v < agg) agg = v;
                if (maxing ? v >= target : v < target) good |= group[i];
            }
            value = agg;
            best_mask = good ? good : all_moves;
        }
    }
    long long nodes = s->nodes;
    int stop = s->stop;
#if PAR_OK
    if (two) {
        if (par) nodes += par->nodes;
        nodes += par_lost_nodes;
        par_sum = nodes;
        par_end(stop == 3);
    } else par_crit = par_sum = nodes;
#endif
    /* a stopped search stored only what it proved (it returns before each store once the
     * budget ran out): its table is as good for the next solve of the deal */
    last_deal.id = id;
    last_deal.valid = 1;
    last_deal.mask = s->mask; last_deal.fill = s->fill; last_deal.grow_at = s->grow_at;
    free(s);
    if (stop == 3) return NULL;     /* KeyboardInterrupt (or another signal's exception) */
    return Py_BuildValue("iKLi", value, (unsigned long long)best_mask, nodes, stop);
}

/* ---- a deal's table kept aside ---------------------------------------------------- */
/* table_save(hands, leader, team, misere, pts, strength, trump, puur, last, options,
 *            max_entries) -> bytes or None
 * table_load(hands, leader, team, misere, pts, strength, trump, puur, last, options,
 *            saved) -> the number of entries loaded
 * The table of one deal kept aside while others are solved (the simulation's passes come
 * back to a deal whose probe its budget stopped): table_save copies the entries of the
 * core's current table if its last solve was of this deal and options (None otherwise),
 * at most max_entries of them (0: all; beyond, those whose searches took most nodes);
 * table_load puts them back into a new generation of the table as the table of that deal's
 * last solve, so the next solve of the deal with option 1 << 28 continues from it, as if no
 * other deal had been solved in between (its two-trick and three-card tables start empty).
 * Every entry holds bounds on the counted team's points from a position on, true whatever
 * window or budget asked them (a stopped search stores only what it proved). The saved
 * bytes name the deal and options they are true for (a hash of them): table_load refuses
 * them for another (ValueError). */
#define SAVED_MAGIC 0x31545454u   /* "TTT1" */
typedef struct { uint32_t magic, count; u64 print; } SavedHead;

static u64 deal_print(const DealId *d) {
    const unsigned char *p = (const unsigned char *)d;
    u64 h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < sizeof *d; i++) { h ^= p[i]; h *= 0x100000001b3ULL; }
    return h;
}

/* the deal and options of the arguments, as DealId; -1 with an exception if they are wrong */
static int parse_deal_id(DealId *d, unsigned long long h[4], int leader, int maxteam, int misere,
                         PyObject *pts, PyObject *strength, int trump, int puur, int last, unsigned long long options) {
    S *s = calloc(1, sizeof(S));
    if (!s) { PyErr_NoMemory(); return -1; }
    if (parse_tables(s, pts, strength) < 0) { free(s); return -1; }
    u64 all = 0; int bad = 0;
    for (int i = 0; i < 4; i++) {
        if (h[i] >> NCARDS || (all & h[i]) || popc(h[i]) != popc(h[0])) bad = 1;
        all |= h[i];
    }
    if (bad || leader < 0 || leader > 3 || maxteam < 0 || maxteam > 1 || trump < -1 || trump > 3
        || (trump >= 0 && (puur < 0 || puur >= NCARDS)) || last < 0 || last > 255) {
        free(s);
        PyErr_SetString(PyExc_ValueError, "hands, leader, max team, trump, Puur or last trick's points out of range");
        return -1;
    }
    deal_id(d, h, leader, maxteam, misere, trump, puur, last, options, s);
    free(s);
    return 0;
}

static PyObject *py_table_save(PyObject *self, PyObject *args) {
    unsigned long long h[4];
    int leader, maxteam, misere, trump, puur, last;
    unsigned long long options;
    Py_ssize_t max_entries;
    PyObject *pts, *strength;
    if (!PyArg_ParseTuple(args, "(KKKK)iipOOiiiKn", &h[0], &h[1], &h[2], &h[3], &leader, &maxteam, &misere,
                          &pts, &strength, &trump, &puur, &last, &options, &max_entries))
        return NULL;
    DealId id;
    if (parse_deal_id(&id, h, leader, maxteam, misere, pts, strength, trump, puur, last, options) < 0) return NULL;
    if (!tt || !last_deal.valid || (options & 1) || memcmp(&last_deal.id, &id, sizeof id)) Py_RETURN_NONE;
    /* the generation's slots: from the list, or (a slot not in it) from the part it used */
    int from_log = tt_log_gen == tt_gen && !tt_log_lost;
    size_t n = 0, span = from_log ? tt_nlog : (size_t)last_deal.mask + 1;
    long long by_work[256] = {0};
    for (size_t j = 0; j < span; j++) {
        const Entry *e = &tt[from_log ? tt_log[j] : j];
        if (e->gen == tt_gen) { n++; by_work[e->work]++; }
    }
    /* over max_entries: those whose searches took most nodes (work: a bit length) */
    int min_work = 0;
    size_t at_min = n, take = n;
    if (max_entries > 0 && n > (size_t)max_entries) {
        size_t above = 0;
        for (min_work = 255; min_work > 0 && above + (size_t)by_work[min_work] < (size_t)max_entries; min_work--)
            above += (size_t)by_work[min_work];
        at_min = (size_t)max_entries - above;   /* how many of work min_work */
        take = (size_t)max_entries;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(sizeof(SavedHead) + take * sizeof(Entry)));
    if (!out) return NULL;
    char *buf = PyBytes_AS_STRING(out);
    SavedHead head = {SAVED_MAGIC, (uint32_t)take, deal_print(&id)};
    memcpy(buf, &head, sizeof head);
    Entry *dst = (Entry *)(buf + sizeof head);
    size_t k = 0;
    for (size_t j = 0; j < span && k < take; j++) {
        const Entry *e = &tt[from_log ? tt_log[j] : j];
        if (e->gen != tt_gen || e->work < min_work) continue;
        if (e->work == min_work) { if (!at_min) continue; at_min--; }
        Entry c = *e;
        c.gen = 0;
        memcpy(dst + k++, &c, sizeof c);
    }
    return out;
}

static PyObject *py_table_load(PyObject *self, PyObject *args) {
    unsigned long long h[4];
    int leader, maxteam, misere, trump, puur, last;
    unsigned long long options;
    PyObject *pts, *strength;
    Py_buffer saved;
    if (!PyArg_ParseTuple(args, "(KKKK)iipOOiiiKy*", &h[0], &h[1], &h[2], &h[3], &leader, &maxteam, &misere,
                          &pts, &strength, &trump, &puur, &last, &options, &saved))
        return NULL;
    DealId id;
    SavedHead head;
    int bad = parse_deal_id(&id, h, leader, maxteam, misere, pts, strength, trump, puur, last, options) < 0;
    if (!bad && (saved.len < (Py_ssize_t)sizeof head || (memcpy(&head, saved.buf, sizeof head), head.magic != SAVED_MAGIC)
                 || saved.len != (Py_ssize_t)(sizeof head + (size_t)head.count * sizeof(Entry))
                 || head.print != deal_print(&id) || (options & 1))) {
        PyErr_SetString(PyExc_ValueError, "a saved table of another deal or options, or not a saved table");
        bad = 1;
    }
    if (bad || tt_init(22) < 0 || small_tables(popc(h[0]) >= 7 && !(options >> 58 & 1)) < 0) {
        PyBuffer_Release(&saved);
        return NULL;
    }
    new_generation(1);
    /* the part of the table: as far as this process used it, and four times the entries */
    u64 cap = table_cap(popc(h[0])), mask = (((u64)1 << TT_START_LG) - 1) & tt_mask;
    if (mask > cap) mask = cap;
    if (tt_touched > mask && !(options & OWN_TABLE_PART)) mask = tt_touched < cap ? tt_touched : cap;
    while (mask < cap && (u64)head.count * 4 > mask + 1) mask = ((mask + 1) << 2) - 1;
    if (mask > cap) mask = cap;
    if (mask > tt_touched) tt_touched = mask;
    const Entry *src = (const Entry *)((const char *)saved.buf + sizeof head);
    long long fill = 0;
    for (uint32_t j = 0; j < head.count; j++) {
        Entry e;
        memcpy(&e, src + j, sizeof e);
        u64 b = key_hash(e.k) & mask & ~(u64)(BUCKET - 1);
        Entry *v = NULL;
        for (int i = 0; i < BUCKET; i++) {
            Entry *x = &tt[b + i];
            if (x->gen != tt_gen) { v = x; break; }
            if (!v || x->work < v->work || (x->work == v->work && x->left < v->left)) v = x;
        }
        if (v->gen != tt_gen) { fill++; tt_log_add((u64)(v - tt)); }
        e.gen = tt_gen;
        *v = e;
    }
    PyBuffer_Release(&saved);
    last_deal.id = id;
    last_deal.valid = 1;
    last_deal.mask = mask; last_deal.fill = fill; last_deal.grow_at = (long long)((mask + 1) / 4);
    return PyLong_FromLongLong(fill);
}

/* legal(hand, table, pts, strength, trump, puur) -> mask: the C choice of legal cards,
 * for the tests that hold it against rules.legal. */
static PyObject *py_legal(PyObject *self, PyObject *args) {
    unsigned long long hand;
    PyObject *table, *pts, *strength;
    int trump, puur;
    if (!PyArg_ParseTuple(args, "KOOOii", &hand, &table, &pts, &strength, &trump, &puur)) return NULL;
    S *s = calloc(1, sizeof(S));
    if (!s) return PyErr_NoMemory();
    if (parse_tables(s, pts, strength) < 0) { free(s); return NULL; }
    if (hand >> NCARDS || trump < -1 || trump > 3 || (trump >= 0 && (puur < 0 || puur >= NCARDS))) {
        free(s); PyErr_SetString(PyExc_ValueError, "hand, trump or Puur out of range"); return NULL;
    }
    s->trump = trump; s->puur = puur;
    Py_ssize_t k = PySequence_Length(table);
    if (k < 0 || k > 3) { free(s); PyErr_SetString(PyExc_ValueError, "0 to 3 cards on the table"); return NULL; }
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *o = PySequence_GetItem(table, i);
        if (!o) { free(s); return NULL; }
        long c = PyLong_AsLong(o);
        Py_DECREF(o);
        if (c == -1 && PyErr_Occurred()) { free(s); return NULL; }
        if (c < 0 || c >= NCARDS) { free(s); PyErr_SetString(PyExc_ValueError, "a card on the table out of range (0 to 35)"); return NULL; }
        s->table[i] = (int)c;
    }
    u64 r = legal_moves(s, hand, (int)k);
    free(s);
    return PyLong_FromUnsignedLongLong(r);
}

#ifdef SOLVER_STATS
static PyObject *py_stats(PyObject *self, PyObject *args) {
    static const char *names[ST_N] = {"calls", "bounds", "probes", "hits", "hitcut", "searches", "nodes", "cut1",
                                      "cutn", "nocut", "f_cut1", "f_cutn", "f_nocut", "f_nodes", "waste_hint",
                                      "waste_killer", "waste_none", "f_waste", "itt_probes", "itt_hits", "itt_cuts"};
    PyObject *d = PyDict_New();
    for (int w = 0; w < ST_N; w++) {
        PyObject *l = PyList_New(10);
        for (int i = 0; i < 10; i++) { PyList_SET_ITEM(l, i, PyLong_FromLongLong(st[w][i])); st[w][i] = 0; }
        PyDict_SetItemString(d, names[w], l);
        Py_DECREF(l);
    }
    PyObject *g = PyList_New(10);
    for (int i = 0; i < 10; i++) {
        PyObject *k = PyList_New(4);
        for (int j = 0; j < 4; j++) {
            PyObject *b = PyList_New(20);
            for (int x = 0; x < 20; x++) { PyList_SET_ITEM(b, x, PyLong_FromLongLong(gaps[i][j][x])); gaps[i][j][x] = 0; }
            PyList_SET_ITEM(k, j, b);
        }
        PyList_SET_ITEM(g, i, k);
    }
    PyDict_SetItemString(d, "gaps", g);
    Py_DECREF(g);
    PyObject *sh = Py_BuildValue("{s:[LLLLLLLLLL],s:[LLLLLLLLLL],s:[LLLLLLLLLL],s:[LLLLLLLLLL],s:[LLLLLLLLLL],s:L,s:L}",
        "look", sh_look[0], sh_look[1], sh_look[2], sh_look[3], sh_look[4], sh_look[5], sh_look[6], sh_look[7], sh_look[8], sh_look[9],
        "search", sh_search[0], sh_search[1], sh_search[2], sh_search[3], sh_search[4], sh_search[5], sh_search[6], sh_search[7], sh_search[8], sh_search[9],
        "cut", sh_cut[0], sh_cut[1], sh_cut[2], sh_cut[3], sh_cut[4], sh_cut[5], sh_cut[6], sh_cut[7], sh_cut[8], sh_cut[9],
        "cutn", sh_cutn[0], sh_cutn[1], sh_cutn[2], sh_cutn[3], sh_cutn[4], sh_cutn[5], sh_cutn[6], sh_cutn[7], sh_cutn[8], sh_cutn[9],
        "exact", sh_exact[0], sh_exact[1], sh_exact[2], sh_exact[3], sh_exact[4], sh_exact[5], sh_exact[6], sh_exact[7], sh_exact[8], sh_exact[9],
        "outer", sh_outer, "exact_outer", sh_exact_outer);
    PyDict_SetItemString(d, "shadow", sh);
    Py_DECREF(sh);
    memset(sh_look, 0, sizeof sh_look); memset(sh_search, 0, sizeof sh_search); memset(sh_cut, 0, sizeof sh_cut);
    memset(sh_cutn, 0, sizeof sh_cutn); memset(sh_exact, 0, sizeof sh_exact); sh_outer = sh_exact_outer = 0;
    return d;
}
#endif

#ifdef SOLVER_STATS
static PyObject *py_shadow(PyObject *self, PyObject *args) {
    if (!PyArg_ParseTuple(args, "ii", &shadow_mode, &sh_min)) return NULL;
    if (shadow_mode && !shadow_tab && !(shadow_tab = calloc((size_t)1 << SHADOW_BITS, sizeof(Shadow)))) return PyErr_NoMemory();
    Py_RETURN_NONE;
}
#endif

#ifdef SOLVER_STATS
/* ---- the floor of the search (issue 21, round ten) ---------------------------------
 * floor(hands, leader, maxteam, misere, pts, strength, trump, puur, last, bounds): the
 * exact value v of a small deal by a plain minimax (every position at a trick boundary
 * valued once), then the smallest proofs of the two zero-window questions next to it,
 * "at least v?" (true: the max side proves it) and "at least v+1?" (false: the other side
 * proves it). A proof: at a node of the side that proves, one child that keeps the
 * statement; at the other side's, every child (one per group of equivalent cards, as the
 * search's move generation). Its leaves: the boundaries where the points decide (nothing
 * more needed, or more needed than are left) and, with `bounds`, where the search's own
 * bounds decide (sure_points, forced_points, at four cards a hand and more, as
 * boundary_search). Each subtree's minimum is memoised by (boundary, need); `tree` counts
 * the minimal proof tree (transpositions counted every time), `dag` the distinct
 * (boundary, need) of the proof that the minimal tree picks, each searched once (what a
 * perfect order with a perfect table at trick boundaries would visit; a statement implied
 * by one proved already at the same position is not counted again). Two units: every
 * position where a card is chosen ("all"), and the search's own node count ("core":
 * the positions inside a trick led with four cards a hand or more, every position of the
 * trick led with three or two, none of the last trick). The instrumented build only. */
typedef struct { u64 k0, k1; int32_t lo, hi, used, pad; } FlV;
typedef struct { u64 k0, k1; double tc, ta; int32_t need, used; } FlC;
typedef struct { u64 k0, k1; int32_t lo, hi; int32_t used, pad; } FlD;
static FlV *flv; static u64 flv_mask, flv_n;
static FlC *flc; static u64 flc_mask, flc_n;
static FlD *fld; static u64 fld_mask, fld_n;
static int fl_bounds, fl_mode, fl_perfect, fl_race_from = 4;
static double fl_race_b0 = 1;
static int fl_race_late = 0;   /* fl_perfect: mode 2 with the cards in vain left out at the k-th card of a trick (bit k) */
static double fl_dc, fl_da;

static void fl_key(const S *s, int leader, u64 *k0, u64 *k1) {
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3], o = 0;
    int j = 0;
    for (u64 m = live; m; m &= m - 1, j += 2) {
        int c = lowbit(m);
        u64 w = (s->hand[1] >> c & 1) ? 1 : (s->hand[2] >> c & 1) ? 2 : (s->hand[3] >> c & 1) ? 3 : 0;
        o |= w << j;
    }
    *k0 = live | (u64)leader << 36;
    *k1 = o;
}
static inline u64 fl_hash(u64 a, u64 b, u64 c) {
    u64 h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL ^ c * 0x165667B19E3779F9ULL;
    h ^= h >> 31; h *= 0xD6E8FEB86659FD93ULL; h ^= h >> 32;
    return h;
}
#define FL_GROW(T, mask, n) do { \
    if ((n) * 2 >= (mask) + 1) { \
        u64 om = (mask); __typeof__(T) ot = (T); \
        (mask) = om * 2 + 1; (T) = calloc((mask) + 1, sizeof *(T)); \
        for (u64 i = 0; i <= om; i++) if (ot[i].used) { \
            u64 h = fl_hash(ot[i].k0, ot[i].k1, FL_EXTRA(ot[i])) & (mask); \
            while ((T)[h].used) h = (h + 1) & (mask); \
            (T)[h] = ot[i]; } \
        free(ot); } } while (0)

static int fl_ge(S *s, int leader, int need);

/* the candidates of `player`: his legal cards, one of each group of equivalent ones (the
 * same suit and points, no card of `live` between them in the suit's order) */
static int fl_moves(const S *s, int player, int k, unsigned ts, u64 live, int *moves) {
    u64 leg = k ? follow_rule(s, s->hand[player], TS_LS(ts), TS_TOP(ts)) : s->hand[player];
    int n = 0;
    for (int su = 0; su < NSUITS; su++) {
        if (!(leg & s->suitmask[su])) continue;
        unsigned mp = places(s, su, leg), lp = places(s, su, live);
        int prev_i = -1, prev_pts = -1;
        for (unsigned t = mp; t; t &= t - 1) {
            int i = __builtin_ctz(t), c = s->ord[su][i];
            int same = prev_i >= 0 && prev_pts == s->pts[c] && !(lp & ((1u << i) - (2u << prev_i)));
            prev_i = i; prev_pts = s->pts[c];
            if (!same) moves[n++] = c;
        }
    }
    return n;
}

/* after the fourth card c of a trick: (the max team's points of it, the next leader) */
static inline int fl_end(S *s, int leader, unsigned ts, int c, int *seat) {
    int w = takes(s, TS_LS(ts), TS_WS(ts), c) ? 3 : TS_WI(ts), p = TS_P(ts) + s->pts[c];
    *seat = (leader + w) & 3;
    if (!s->hand[0]) p += s->last_bonus;
    return TEAM(*seat) == s->maxteam ? p : 0;
}

/* does the max team take at least `need` from this point of the trick on? (a zero-window
 * test in the search's own order, its answers at the boundaries kept as bounds: fl_ge) */
static int fl_tge(S *s, int leader, int k, unsigned ts, int need, u64 tlive) {
    int player = (leader + k) & 3, moves[9];
    s->leader = leader; s->tlive = tlive;
    int n = k ? gen_follows(s, k, player, ts, moves) : gen_leads(s, player, -1, moves, NULL);
    int maxing = TEAM(player) == s->maxside;
    for (int i = 0; i < n; i++) {
        int c = moves[i], t;
        s->hand[player] &= ~((u64)1 << c); s->handpts -= s->pts[c];
        if (k == 3) { int seat, p = fl_end(s, leader, ts, c, &seat); t = fl_ge(s, seat, need - p); }
        else t = fl_tge(s, leader, k + 1, k ? next_state(s, ts, k, c) : lead_state(s, c), need, tlive);
        s->hand[player] |= (u64)1 << c; s->handpts += s->pts[c];
        if (maxing && t) return 1;
        if (!maxing && !t) return 0;
    }
    return !maxing;
}

#define FL_EXTRA(e) 0
static int fl_ge(S *s, int leader, int need) {
    int R = s->handpts + s->last_bonus;
    if (need <= 0) return 1;
    if (!s->hand[0] || need > R) return 0;
    u64 k0, k1;
    fl_key(s, leader, &k0, &k1);
    u64 h = fl_hash(k0, k1, 0) & flv_mask;
    for (; flv[h].used; h = (h + 1) & flv_mask)
        if (flv[h].k0 == k0 && flv[h].k1 == k1) {
            if (need <= flv[h].lo) return 1;
            if (need > flv[h].hi) return 0;
            break;
        }
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    int t = fl_tge(s, leader, 0, 0, need, live);
    h = fl_hash(k0, k1, 0) & flv_mask;
    while (flv[h].used && !(flv[h].k0 == k0 && flv[h].k1 == k1)) h = (h + 1) & flv_mask;
    if (!flv[h].used) { flv[h].k0 = k0; flv[h].k1 = k1; flv[h].lo = 0; flv[h].hi = R; flv[h].used = 1; flv_n++; }
    if (t && need > flv[h].lo) flv[h].lo = need;
    if (!t && need - 1 < flv[h].hi) flv[h].hi = need - 1;
    FL_GROW(flv, flv_mask, flv_n);
    return t;
}
#undef FL_EXTRA

/* the weight of a position in the two units: k cards on the table, `left` cards a hand at the trick's lead */
static inline double fl_wcore(int k, int left) { return left == 1 ? 0 : left >= 4 && k == 0 ? 0 : 1; }



static void fl_bounds_of(S *s, int leader, int left, int R, int *lb, int *hb) {
    int lo_b = 0, hi_b = R, ft, fp;
    if ((fp = forced_points(s, left, R, &ft)) > 0) { if (ft == s->maxteam) lo_b = fp; else hi_b = R - fp; }
    if (s->maxside == s->maxteam) {
        int l = sure_points(s, leader, left, R);
        if (TEAM(leader) == s->maxteam) { if (l > lo_b) lo_b = l; }
        else if (R - l < hi_b) hi_b = R - l;
    }
    *lb = lo_b; *hb = hi_b;
}
/* the proof's distinct positions by the cards a hand at the trick's lead and by who moves
 * (1: the side that proves the statement) */
static double fl_dcl[10][2], fl_dck[10][4][2], fl_waste[10][4][2];
static void fl_tcost(S *s, int leader, int k, unsigned ts, int need, u64 tlive, int left, int dag, double *tc, double *ta);

static int fl_leaf(S *s, int leader, int need) {
    int R = s->handpts + s->last_bonus;
    if (!s->hand[0] || need <= 0 || need > R) return 1;
    int left = popc(s->hand[0]);
    if (fl_bounds && left >= 4) {
        int lb, hb;
        fl_bounds_of(s, leader, left, R, &lb, &hb);
        if (lb >= need || hb < need) return 1;
    }
    return 0;
}

#define FL_EXTRA(e) (u64)(e).need
static void fl_bcost(S *s, int leader, int need, double *tc, double *ta) {
    if (fl_leaf(s, leader, need)) { *tc = *ta = 0; return; }
    u64 k0, k1;
    fl_key(s, leader, &k0, &k1);
    u64 h = fl_hash(k0, k1, (u64)need) & flc_mask;
    for (; flc[h].used; h = (h + 1) & flc_mask)
        if (flc[h].k0 == k0 && flc[h].k1 == k1 && flc[h].need == need) { *tc = flc[h].tc; *ta = flc[h].ta; return; }
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    fl_tcost(s, leader, 0, 0, need, live, popc(s->hand[0]), 0, tc, ta);
    h = fl_hash(k0, k1, (u64)need) & flc_mask;
    while (flc[h].used) h = (h + 1) & flc_mask;
    flc[h].k0 = k0; flc[h].k1 = k1; flc[h].need = need; flc[h].tc = *tc; flc[h].ta = *ta; flc[h].used = 1; flc_n++;
    FL_GROW(flc, flc_mask, flc_n);
}
#undef FL_EXTRA

/* mode 0's costs by branch and bound: the smallest proof's size if it is at most `limit`,
 * else a number above `limit` (a lower bound); the memo keeps which (ta: 1 exact) */
static double fl_tcost0(S *s, int leader, int k, unsigned ts, int need, u64 tlive, int left, double limit, int *pick);
#define FL_EXTRA(e) (u64)(e).need
static double fl_bcost0(S *s, int leader, int need, double limit) {
    if (fl_leaf(s, leader, need)) return 0;
    u64 k0, k1;
    fl_key(s, leader, &k0, &k1);
    u64 h = fl_hash(k0, k1, (u64)need) & flc_mask;
    for (; flc[h].used; h = (h + 1) & flc_mask)
        if (flc[h].k0 == k0 && flc[h].k1 == k1 && flc[h].need == need) {
            if (flc[h].ta > 0 || flc[h].tc > limit) return flc[h].tc;
            break;
        }
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    double c = fl_tcost0(s, leader, 0, 0, need, live, popc(s->hand[0]), limit, NULL);
    h = fl_hash(k0, k1, (u64)need) & flc_mask;
    while (flc[h].used && !(flc[h].k0 == k0 && flc[h].k1 == k1 && flc[h].need == need)) h = (h + 1) & flc_mask;
    if (!flc[h].used) { flc[h].k0 = k0; flc[h].k1 = k1; flc[h].need = need; flc[h].tc = 0; flc[h].used = 1; flc_n++; }
    if (c <= limit) { flc[h].tc = c; flc[h].ta = 1; }
    else if (c > flc[h].tc) { flc[h].tc = c; flc[h].ta = 0; }
    FL_GROW(flc, flc_mask, flc_n);
    return c;
}
#undef FL_EXTRA

static double fl_tcost0(S *s, int leader, int k, unsigned ts, int need, u64 tlive, int left, double limit, int *pick) {
    int player = (leader + k) & 3, moves[9];
    s->leader = leader; s->tlive = tlive;
    int n = k ? gen_follows(s, k, player, ts, moves) : gen_leads(s, player, -1, moves, NULL);
    int maxing = TEAM(player) == s->maxside;
    int truth = fl_tge(s, leader, k, ts, need, tlive);
    int one = maxing == truth;
    double wc = fl_wcore(k, left), rest = limit - wc, best = one ? 1e300 : 0;
    if (pick) *pick = -1;
    if (rest < 0) return wc;
    for (int i = 0; i < n; i++) {
        int c = moves[i], seat = 0, p = 0, t = truth;
        s->hand[player] &= ~((u64)1 << c); s->handpts -= s->pts[c];
        unsigned nts = k ? next_state(s, ts, k, c) : lead_state(s, c);
        if (k == 3) p = fl_end(s, leader, ts, c, &seat);
        if (one) t = k == 3 ? fl_ge(s, seat, need - p) : fl_tge(s, leader, k + 1, nts, need, tlive);
        if (t == truth) {
            double lim = one ? (best - 1 < rest ? best - 1 : rest) : rest - best;
            double cc = k == 3 ? fl_bcost0(s, seat, need - p, lim) : fl_tcost0(s, leader, k + 1, nts, need, tlive, left, lim, NULL);
            if (one) { if (cc < best) { best = cc; if (pick) *pick = c; } }
            else best += cc;
        }
        s->hand[player] |= (u64)1 << c; s->handpts += s->pts[c];
        if (!one && best > rest) break;
    }
    return wc + best;
}

#define FL_EXTRA(e) 0
/* the proof of the statement at a boundary walked once (dag) */
static void fl_bdag(S *s, int leader, int need) {
    if (fl_leaf(s, leader, need)) return;
    u64 k0, k1;
    fl_key(s, leader, &k0, &k1);
    int t = fl_ge(s, leader, need);
    u64 h = fl_hash(k0, k1, 0) & fld_mask;
    while (fld[h].used && !(fld[h].k0 == k0 && fld[h].k1 == k1)) h = (h + 1) & fld_mask;
    int seen = fld[h].used && (t ? need <= fld[h].lo : need >= fld[h].hi);
    if (!fld[h].used) { fld[h].k0 = k0; fld[h].k1 = k1; fld[h].lo = -1; fld[h].hi = 1 << 20; fld[h].used = 1; fld_n++; }
    if (t && need > fld[h].lo) fld[h].lo = need;
    if (!t && need < fld[h].hi) fld[h].hi = need;
    FL_GROW(fld, fld_mask, fld_n);
    if (seen) return;
    double cc, ca;
    u64 live = s->hand[0] | s->hand[1] | s->hand[2] | s->hand[3];
    fl_tcost(s, leader, 0, 0, need, live, popc(s->hand[0]), 1, &cc, &ca);
}
#undef FL_EXTRA
/* the smallest proof of "the max team takes at least `need` from this point of the trick on"
 * (its truth by the zero-window tests of fl_tge), in the two units; dag: walk the proof that the
 * minimum picks and count its distinct boundaries' positions into fl_dc, fl_da */

/* the kind of a card for the waste by kind (mode 2): leads 0 trump, 1 the top card of a plain suit,
 * 2 another plain card; followers 0 follows and wins, 1 follows and loses, 2 trumps in (wins), 3
 * another card (a discard, or a trump that loses) */
static double fl_cls[4][4][4];
static int fl_kind(const S *s, int k, unsigned ts, int c, u64 tlive) {
    int su = s->suit[c];
    if (!k) {
        if (su == s->trump) return 0;
        unsigned lp = places(s, su, tlive);
        return s->ord[su][__builtin_ctz(lp)] == c ? 1 : 2;
    }
    int ls = TS_LS(ts), wins = takes(s, ls, TS_WS(ts), c);
    if (su == ls) return wins ? 0 : 1;
    if (su == s->trump && wins) return 2;
    return 3;
}
static void fl_tcost(S *s, int leader, int k, unsigned ts, int need, u64 tlive, int left, int dag, double *tc, double *ta) {
    int player = (leader + k) & 3, moves[9];
    int n;
    if (fl_mode) {   /* the search's own order (without a table's card or a killer) */
        s->leader = leader; s->tlive = tlive; s->tleft = left;
        n = k ? gen_follows(s, k, player, ts, moves) : gen_leads(s, player, -1, moves, NULL);
    } else n = fl_moves(s, player, k, ts, tlive, moves);
    int maxing = TEAM(player) == s->maxside;
    int truth = fl_tge(s, leader, k, ts, need, tlive);
    int one = maxing == truth;   /* the proving side moves: one child */
    double wc = fl_wcore(k, left), bc = one && !fl_mode ? 1e300 : 0, ba = one && !fl_mode ? 1e300 : 0;
    int pick = -1, upto = n;
    if (fl_mode == 3) {
        /* a race of the candidates (a simulation, the tree's cost): at the proving side's nodes
         * from fl_race_from cards a hand, every candidate searched in rounds with a node budget
         * b0, 2 b0, 4 b0, ... (what a stopped search proved kept), until one that keeps the
         * statement is proved; elsewhere today's order (the cards before the first good one) */
        s->leader = leader; s->tlive = tlive; s->tleft = left;
        n = k ? gen_follows(s, k, player, ts, moves) : gen_leads(s, player, -1, moves, NULL);
        double cost[9]; int good[9];
        for (int i = 0; i < n; i++) {
            int c = moves[i], seat = 0, p = 0, t;
            s->hand[player] &= ~((u64)1 << c); s->handpts -= s->pts[c];
            unsigned nts = k ? next_state(s, ts, k, c) : lead_state(s, c);
            double cc, ca;
            if (k == 3) { p = fl_end(s, leader, ts, c, &seat); t = fl_ge(s, seat, need - p); fl_bcost(s, seat, need - p, &cc, &ca); }
            else { t = fl_tge(s, leader, k + 1, nts, need, tlive); fl_tcost(s, leader, k + 1, nts, need, tlive, left, 0, &cc, &ca); }
            s->hand[player] |= (u64)1 << c; s->handpts += s->pts[c];
            cost[i] = cc; good[i] = t == truth;
            if (one && left < fl_race_from && good[i]) { n = i + 1; break; }   /* today's order: stop at the first good */
        }
        double w = 0;
        if (!one || left < fl_race_from) for (int i = 0; i < n; i++) w += cost[i];
        else {
            /* the first candidate searched whole (it keeps the statement nine times in ten), the
             * race among the others only where it fails */
            double b = fl_race_b0, prev = 0;
            int i0 = fl_race_late ? 1 : 0;
            if (fl_race_late) w = cost[0];
            for (; !(fl_race_late && good[0]);) {
                int j = -1;
                for (int i = i0; i < n; i++) if (good[i] && cost[i] <= b) { j = i; break; }
                if (j >= 0) {
                    for (int i = i0; i < n; i++) w += i < j ? (cost[i] < b ? cost[i] : b) : i == j ? cost[i] : (cost[i] < prev ? cost[i] : prev);
                    break;
                }
                prev = b; b *= 2;
            }
        }
        *tc = wc + w; *ta = 0;
        return;
    }
    if (!fl_mode) {   /* the smallest proof: by branch and bound (fl_tcost0), then walked */
        *tc = fl_tcost0(s, leader, k, ts, need, tlive, left, 1e300, &pick);
        *ta = 0;
        if (!dag) return;
        n = fl_moves(s, player, k, ts, tlive, moves);
        upto = n;
    }
    for (int i = 0; i < n && fl_mode; i++) {
        int c = moves[i];
        s->hand[player] &= ~((u64)1 << c); s->handpts -= s->pts[c];
        unsigned nts = k ? next_state(s, ts, k, c) : lead_state(s, c);
        double cc, ca;
        if (one) {
            /* a child that keeps the statement: the one of the smallest proof (mode 0), the
             * first in the search's order (1), the same with the proofs of the cards tried
             * before it that fail (2) */
            int t, seat = 0, p = 0;
            if (k == 3) { p = fl_end(s, leader, ts, c, &seat); t = fl_ge(s, seat, need - p); }
            else t = fl_tge(s, leader, k + 1, nts, need, tlive);
            int keeps = t == truth;
            if (keeps || (fl_mode == 2 && !(fl_perfect >> k & 1))) {
                if (k == 3) fl_bcost(s, seat, need - p, &cc, &ca);
                else fl_tcost(s, leader, k + 1, nts, need, tlive, left, 0, &cc, &ca);
                if (fl_mode) { bc += cc; ba += ca; }
                else if (cc < bc || (cc == bc && ca < ba)) { bc = cc; ba = ca; pick = c; }
            }
            if (fl_mode && keeps) {
                pick = c; upto = i + 1;
                s->hand[player] |= (u64)1 << c; s->handpts += s->pts[c];
                break;
            }
        } else {
            if (k == 3) { int seat, p = fl_end(s, leader, ts, c, &seat); fl_bcost(s, seat, need - p, &cc, &ca); }
            else fl_tcost(s, leader, k + 1, nts, need, tlive, left, 0, &cc, &ca);
            bc += cc; ba += ca;
        }
        s->hand[player] |= (u64)1 << c; s->handpts += s->pts[c];
    }
    if (fl_mode) { *tc = wc + bc; *ta = 1 + ba; }
    if (!dag) return;
    fl_dc += wc; fl_da += 1; fl_dcl[left][one] += wc; fl_dck[left][k][maxing] += wc;
    for (int i = 0; i < upto; i++) {
        int c = moves[i];
        if (one && c != pick && (fl_mode != 2 || fl_perfect >> k & 1)) continue;
        s->hand[player] &= ~((u64)1 << c); s->handpts -= s->pts[c];
        unsigned nts = k ? next_state(s, ts, k, c) : lead_state(s, c);
        double cc, ca, d0 = fl_dc;
        if (k == 3) { int seat, p = fl_end(s, leader, ts, c, &seat); fl_bdag(s, seat, need - p); }
        else fl_tcost(s, leader, k + 1, nts, need, tlive, left, 1, &cc, &ca);
        /* mode 2: the work of the cards tried before the one that keeps it, by where they were tried */
        if (one && c != pick) {
            fl_waste[left][k][maxing] += fl_dc - d0;
            if (left >= 4) fl_cls[k][fl_kind(s, k, ts, moves[0], tlive)][fl_kind(s, k, ts, pick, tlive)] += fl_dc - d0;
        }
        s->hand[player] |= (u64)1 << c; s->handpts += s->pts[c];
    }
}

static PyObject *py_floor(PyObject *self, PyObject *args) {
    unsigned long long h[4];
    int leader, maxteam, misere, trump, puur, last, bounds, mode = 0;
    PyObject *pts, *strength;
    if (!PyArg_ParseTuple(args, "(KKKK)iipOOiiii|i", &h[0], &h[1], &h[2], &h[3], &leader, &maxteam, &misere,
                          &pts, &strength, &trump, &puur, &last, &bounds, &mode)) return NULL;
    S *s = calloc(1, sizeof(S));
    if (!s) return PyErr_NoMemory();
    if (parse_tables(s, pts, strength) < 0) { free(s); return NULL; }
    for (int i = 0; i < 4; i++) s->hand[i] = h[i];
    s->trump = trump; s->puur = puur; s->last_bonus = last; s->maxteam = maxteam;
    s->maxside = misere ? 1 - maxteam : maxteam;
    s->use_equiv = 1; s->use_sure = 1; s->use_sure_low = 1; s->use_forced = 1;
    s->use_order = s->lead_order = s->follow_order = s->second_order = s->misere_void = 1;
    s->misere_order = misere;
    for (int c = 0; c < NCARDS; c++) if ((h[0] | h[1] | h[2] | h[3]) >> c & 1) s->handpts += s->pts[c];
    fl_bounds = bounds; fl_mode = mode & 3; fl_perfect = mode >> 2;
    if (fl_mode == 3) { fl_perfect = 0; fl_race_from = mode >> 2 & 15; fl_race_b0 = (double)(1 << (mode >> 6 & 31)); fl_race_late = mode >> 11 & 1; }
    flv_mask = flc_mask = fld_mask = (1 << 16) - 1; flv_n = flc_n = fld_n = 0;
    flv = calloc(flv_mask + 1, sizeof *flv); flc = calloc(flc_mask + 1, sizeof *flc); fld = calloc(fld_mask + 1, sizeof *fld);
    memset(fl_dcl, 0, sizeof fl_dcl); memset(fl_dck, 0, sizeof fl_dck); memset(fl_waste, 0, sizeof fl_waste); memset(fl_cls, 0, sizeof fl_cls);
    int R = s->handpts + last, v = 0, top = R;
    while (v < top) {   /* the value by bisection over zero-window tests */
        int mid = (v + top + 1) / 2;
        if (fl_ge(s, leader, mid)) v = mid; else top = mid - 1;
    }
    PyObject *out = PyList_New(0);
    double uc = 0, ua = 0;
    for (int q = 0; q < 2; q++) {
        int need = v + q;
        if (need > R || need <= 0) continue;
        double tc, ta;
        if (fl_mode) fl_bcost(s, leader, need, &tc, &ta);
        else { tc = fl_bcost0(s, leader, need, 1e300); ta = 0; }
        fl_dc = fl_da = 0;
        fl_bdag(s, leader, need);
        uc += fl_dc; ua += fl_da;
        PyObject *row = Py_BuildValue("(iidddd)", need, q == 0, tc, ta, fl_dc, fl_da);
        PyList_Append(out, row); Py_DECREF(row);
    }
    PyObject *dl = PyList_New(10);
    for (int i = 0; i < 10; i++) PyList_SET_ITEM(dl, i, Py_BuildValue("(dd)", fl_dcl[i][0], fl_dcl[i][1]));
    PyObject *dk = PyList_New(10);
    for (int i = 0; i < 10; i++)
        PyList_SET_ITEM(dk, i, Py_BuildValue("((dd)(dd)(dd)(dd))", fl_dck[i][0][0], fl_dck[i][0][1], fl_dck[i][1][0],
                                             fl_dck[i][1][1], fl_dck[i][2][0], fl_dck[i][2][1], fl_dck[i][3][0], fl_dck[i][3][1]));
    PyObject *dw = PyList_New(10);
    for (int i = 0; i < 10; i++)
        PyList_SET_ITEM(dw, i, Py_BuildValue("((dd)(dd)(dd)(dd))", fl_waste[i][0][0], fl_waste[i][0][1], fl_waste[i][1][0],
                                             fl_waste[i][1][1], fl_waste[i][2][0], fl_waste[i][2][1], fl_waste[i][3][0], fl_waste[i][3][1]));
    PyObject *dcl = PyList_New(64);
    for (int i = 0; i < 64; i++) PyList_SET_ITEM(dcl, i, PyFloat_FromDouble(fl_cls[i >> 4][i >> 2 & 3][i & 3]));
    PyObject *res = Py_BuildValue("{s:i,s:i,s:N,s:d,s:d,s:N,s:N,s:N,s:N,s:K,s:K}", "value", v, "R", R, "questions", out,
                                  "union_core", uc, "union_all", ua, "by_left", dl, "by_k", dk, "waste", dw, "kinds", dcl,
                                  "valued", (unsigned long long)flv_n, "costed", (unsigned long long)flc_n);
    free(flv); free(flc); free(fld); flv = NULL; flc = NULL; fld = NULL;
    free(s);
    return res;
}
#endif

static PyObject *py_par_stats(PyObject *self, PyObject *noargs) {
#if PAR_OK
    return Py_BuildValue("LLi", par_crit, par_sum, par_lost);
#else
    Py_RETURN_NONE;
#endif
}

static PyMethodDef methods[] = {
    {"par_stats", py_par_stats, METH_NOARGS, "The last solve's nodes: (the probes' longer part summed, all, whether the second process died amid it)."},
#ifdef SOLVER_STATS
    {"stats", py_stats, METH_NOARGS, "The instrumented build's counts by cards left (read and reset)."},
    {"shadow", py_shadow, METH_VARARGS, "shadow(mode, min_left): the coarse table beside the search (round five)."},
    {"floor", py_floor, METH_VARARGS, "floor(deal args, bounds): the smallest proofs next to the value (round ten)."},
#endif
    {"solve", py_solve, METH_VARARGS, "Solve one deal (see tutor.play.solver)."},
    {"table_save", py_table_save, METH_VARARGS, "The table of the last solve's deal, as bytes (see tutor.play.solver)."},
    {"table_load", py_table_load, METH_VARARGS, "A saved table back as the table of its deal (see tutor.play.solver)."},
    {"legal", py_legal, METH_VARARGS, "The legal cards as the C core chooses them."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver",
    "The compiled core of tutor.play.solver (use that module, not this one).", -1, methods,
};

PyMODINIT_FUNC PyInit__solver(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "ABI", CORE_ABI) < 0) { Py_DECREF(m); return NULL; }
#ifdef CORE_SOURCE   /* setup.py: the sha256 of this file as built (the deep check's cache key) */
    if (m && PyModule_AddStringConstant(m, "SOURCE", CORE_SOURCE) < 0) { Py_DECREF(m); return NULL; }
#endif
    return m;
}
