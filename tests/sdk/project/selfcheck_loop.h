/* A header of the project's own: cmake_project.sh checks that touching it rebuilds every guest
 * that includes it (pmusim_add_guest's depfile). */
#define SELFCHECK_LOOP 100
