/* demangle.h - cudalab's one demangler: the part of the Itanium C++ ABI
 * name mangling that kernels' names use. The build reads ptxas's names and
 * the kernels' signatures with it, the PTX parser and the emulator a
 * function's plain name; it lives in core/ so that each of them reaches it
 * without reaching another. */
#ifndef CUDALAB_CORE_DEMANGLE_H
#define CUDALAB_CORE_DEMANGLE_H

/* Free functions and functions in namespaces, with builtin, pointer,
 * reference, const/volatile, class, and template parameters:
 * "_Z13reduceCascadePKfPfm" -> "reduceCascade(const float*, float*, unsigned long)".
 * A name that is not mangled ("kernel", from extern "C") comes back as it is;
 * NULL for what it does not understand. Caller frees. */
char *cl_demangle(const char *mangled);
/* Just the function's name, without parameters or scopes: "reduceCascade".
 * NULL when cl_demangle would give NULL. Caller frees. */
char *cl_demangle_base(const char *mangled);
/* The function's name with its scopes, without template arguments or
 * parameters: "_ZN2ns6kernelILi4EEEvPf" -> "ns::kernel", "_ZL1fv" -> "f".
 * Never NULL: a name that is not mangled, or that it does not understand,
 * comes back as it is. Caller frees. */
char *cl_demangle_name(const char *mangled);

#endif
