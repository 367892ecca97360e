/* proc_view.h - a child's own view of the files, for proc.c (proc_view.c).
 *
 * Prefix: cl_proc_view_. */
#ifndef CUDALAB_PROC_VIEW_H
#define CUDALAB_PROC_VIEW_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cl_proc_view cl_proc_view;

/* The view of cl_proc_spec's visible, built in the empty folder root (made
 * when missing); NULL when none was asked for. Call before the fork. */
cl_proc_view *cl_proc_view_new(const char *root, const char *const *visible);
void cl_proc_view_free(cl_proc_view *v);
/* In the child, before execve: enter it. false: the kernel refused a step,
 * and the child goes on with the view it had (its mounts, if any, are its
 * own). System calls only. */
bool cl_proc_view_enter(const cl_proc_view *v);

#endif
