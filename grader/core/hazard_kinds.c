/* hazard_kinds.c - the hazards' table read: names, slugs, families and
 * severities, and plain words of hazard_kinds.h's rows. */
#include "core/hazard_kinds.h"

#include <ctype.h>
#include <pthread.h>
#include <string.h>

static const char *const hz_names[] = {
#define CL_HZ_NAME(kind, family, sev, what) #kind,
    CL_HAZARDS(CL_HZ_NAME)
#undef CL_HZ_NAME
};
static const unsigned char hz_families[] = {
#define CL_HZ_FAMILY(kind, family, sev, what) CL_FAMILY_##family,
    CL_HAZARDS(CL_HZ_FAMILY)
#undef CL_HZ_FAMILY
};
static const unsigned char hz_sev[] = {
#define CL_HZ_SEV(kind, family, sev, what) CL_SEV_##sev,
    CL_HAZARDS(CL_HZ_SEV)
#undef CL_HZ_SEV
};
static const char *const hz_what[] = {
#define CL_HZ_WHAT(kind, family, sev, what) what,
    CL_HAZARDS(CL_HZ_WHAT)
#undef CL_HZ_WHAT
};
static const char *const family_names[] = {
#define CL_FAMILY_NAME(id, name) name,
    CL_HAZARD_FAMILIES(CL_FAMILY_NAME)
#undef CL_FAMILY_NAME
};

const char *cl_hazard_name(cl_hazard_kind k)
{
    return (unsigned)k < CL_HZ_COUNT ? hz_names[k] : "?";
}

const char *cl_hazard_what(cl_hazard_kind k)
{
    return (unsigned)k < CL_HZ_COUNT ? hz_what[k] : "a hazard";
}

cl_hazard_family cl_hazard_family_of(cl_hazard_kind k)
{
    return (unsigned)k < CL_HZ_COUNT ? (cl_hazard_family)hz_families[k] : CL_FAMILY_MEMORY;
}

cl_severity cl_hazard_severity(cl_hazard_kind k)
{
    return (unsigned)k < CL_HZ_COUNT ? (cl_severity)hz_sev[k] : CL_SEV_ERROR;
}

const char *cl_hazard_family_name(cl_hazard_family f)
{
    return (unsigned)f < CL_FAMILY_COUNT ? family_names[f] : "?";
}

/* The slugs, made once from the names: "MASK_UNDEFINED_READ" -> "mask-undefined-read". */
static char hz_slugs[CL_HZ_COUNT][32];
static pthread_once_t hz_slugs_once = PTHREAD_ONCE_INIT;

static void make_slugs(void)
{
    for (int k = 0; k < CL_HZ_COUNT; k++) {
        const char *n = hz_names[k];
        for (size_t i = 0; n[i] && i + 1 < sizeof hz_slugs[k]; i++)
            hz_slugs[k][i] = n[i] == '_' ? '-' : (char)tolower((unsigned char)n[i]);
    }
}

const char *cl_hazard_slug(cl_hazard_kind k)
{
    if ((unsigned)k >= CL_HZ_COUNT) return "?";
    pthread_once(&hz_slugs_once, make_slugs);
    return hz_slugs[k];
}

int cl_hazard_from_slug(const char *slug)
{
    pthread_once(&hz_slugs_once, make_slugs);
    for (int k = 0; slug && k < CL_HZ_COUNT; k++)
        if (!strcmp(hz_slugs[k], slug)) return k;
    return -1;
}
