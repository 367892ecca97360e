/* xops_undef.h - undefines the row macros of xops.def after each use, so the
 * places that expand the table cannot leave them behind. Included right after
 * "sim/xops.def"; deliberately without an include guard. */
#undef I32B
#undef I64B
#undef I64S
#undef I32T
#undef I64T
#undef I32U
#undef I64U
#undef W32B
#undef W32T
#undef N32
#undef T64
#undef F32B
#undef F32T
#undef F32U
#undef F32R
#undef F64B
#undef F64T
#undef F64U
#undef FI32
#undef IF32
#undef XF
#undef SETP
#undef SEL
#undef OWN
