/* tensor.h - the tensor-core arithmetic and fragment layouts (tensor_math.c)
 * that the warp operations of tensor.c use: D := A * B + C of one tile as
 * the GPU rounds it, where each element of a warp's fragment sits in the
 * matrix, and ldmatrix's rows. Internal to grader/sim (and its unit tests);
 * pure functions of their arguments, no machine state. The rounding model
 * and its sources: docs/ptx-semantics.md, "Tensor cores". */
#ifndef CUDALAB_SIM_TENSOR_H
#define CUDALAB_SIM_TENSOR_H

#include <stdbool.h>
#include <stdint.h>

#include "ptx/ir.h"

/* D := A * B + C for an M x N tile with depth K. a (M x K), b (K x N), c and
 * d (M x N) are row-major arrays of element bits of the types ta, tb, tc, td
 * (PTX_TC_*: f16 and bf16 in the low 16 bits, s8 and u8 in the low 8).
 * satf: integer results clamp to s32 (.satfinite), else they wrap. */
void sim_tc_mma(unsigned M, unsigned N, unsigned K, unsigned ta, unsigned tb, unsigned tc, unsigned td,
                bool satf, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *d);

/* The same in steps of depth `step` (0: one step), each step's D rounded to
 * td and the next step's C: wmma's tf32 m16n16k8 is two m16n8k4 steps
 * (measured on an H200), where mma.sync's m16n8k8 is one. reference: every
 * float dot product by the general path (the reference mode), not the
 * vector fast path that must equal it (sim_tc_mma takes the fast one). */
void sim_tc_mma_steps(unsigned M, unsigned N, unsigned K, unsigned step, unsigned ta, unsigned tb, unsigned tc,
                      unsigned td, bool satf, bool reference, const uint32_t *a, const uint32_t *b,
                      const uint32_t *c, uint32_t *d);

/* The step of a wmma.mma of this shape and multiplicand type (0: one). */
unsigned sim_tc_wmma_step(unsigned shape, unsigned ta);

/* One dot product of the model: c + sum a[i] * b[i] over k terms, the
 * inputs' bits of types ta (= tb's format), tc, the result's bits in td. */
uint32_t sim_tc_dot(unsigned k, unsigned ta, unsigned tb, unsigned tc, unsigned td, bool satf, const uint32_t *a,
                    const uint32_t *b, uint32_t c);

/* Which matrix a fragment holds. */
enum { SIM_TC_USE_A, SIM_TC_USE_B, SIM_TC_USE_C };

/* A fragment: how many elements a lane holds, their width in bits (8, 16
 * or 32; packed low to high into 32-bit registers), and the matrix's rows
 * and columns. */
typedef struct sim_tc_frag {
    unsigned nelem, bits, rows, cols;
    unsigned nregs;
} sim_tc_frag;

/* The fragment of `use` for an instruction (PTX_TC_WMMA-kind shapes from
 * wmma.load/store/mma; mma.sync shapes from mma) of shape and element type;
 * false when the PTX ISA has no such fragment. */
bool sim_tc_frag_of(unsigned shape, unsigned use, unsigned type, sim_tc_frag *f);
/* The matrix row and column of element e of lane's fragment (row-major
 * index row * cols + col, whatever the memory layout). */
void sim_tc_frag_pos(unsigned shape, unsigned use, unsigned type, unsigned lane, unsigned e, unsigned *row,
                     unsigned *col);

/* The same for every lane and element at once: entry lane * nelem + e is
 * the row-major index (built once, shared by every thread). */
const uint16_t *sim_tc_frag_table(unsigned shape, unsigned use, unsigned type);

/* ldmatrix: lane's register r (of num) holds the 16-bit elements whose row
 * (the address of lane 8 * r + row gives it) and column (in 16-bit
 * elements) are these, low half first: *row, *col and *col + 1 (not
 * transposed), or rows *row, *row + 1 of column *col (.trans). */
void sim_tc_ldmatrix_pos(unsigned lane, bool trans, unsigned *row, unsigned *col);

/* The shape's M, N, K (ldmatrix's m8n8: 8, 8, 0). */
void sim_tc_shape_mnk(unsigned shape, unsigned *m, unsigned *n, unsigned *k);
/* Bits of a tensor element type (f16 16, tf32 32, s8 8). */
unsigned sim_tc_type_bits(unsigned type);

#endif
