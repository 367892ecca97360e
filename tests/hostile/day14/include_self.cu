// Attack: the file includes itself through __FILE__ until the preprocessor's
// nesting limit: a few hundred copies of nothing. Bounded, graded, refused
// or failed, never an abort.
// expect: exit 1
// expect: fails compile
#include __FILE__
