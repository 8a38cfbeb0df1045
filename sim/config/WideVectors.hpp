/* COALSIM_WIDE_VECTORS before a function: GCC and Clang compile it twice, for the x86-64 baseline (SSE2) and for
 * AVX2, and the loader picks the AVX2 copy on processors that have it (function multi-versioning, an ifunc).
 *
 * For the few loops that walk every cluster at each event (on 1,000 clusters, a fifth of a run's instructions):
 * twice the elements per instruction, and packed 32-bit max and min, which SSE2 lacks. The results are the same
 * bits in both copies: the loops are element-wise (each element's operations in the same order) or integer
 * reductions, and neither copy may fuse a product and a sum (FMA is not enabled: AVX2 does not imply it). */
#pragma once

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(COALSIM_NO_WIDE_VECTORS)
#define COALSIM_WIDE_VECTORS __attribute__((target_clones("avx2", "default")))
#else
#define COALSIM_WIDE_VECTORS
#endif
