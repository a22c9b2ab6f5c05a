// GNU extensions that Swift's Glibc module does not show (it is imported without _GNU_SOURCE):
// what ProcessSupport needs to start a child with none of our descriptors, and to name a thread.
// Defined in CSpawn.c, which is compiled with _GNU_SOURCE; this header declares only our wrappers.
#ifndef VOXNAV_CSPAWN_H
#define VOXNAV_CSPAWN_H

#include <pthread.h>
#include <spawn.h>

/// Closes every descriptor from `lowest` up in the child (posix_spawn_file_actions_addclosefrom_np, glibc 2.34).
int voxnav_spawn_closefrom(posix_spawn_file_actions_t *actions, int lowest);

/// A pipe whose ends are closed on exec (pipe2 with O_CLOEXEC).
int voxnav_pipe_cloexec(int ends[2]);

/// A thread's name, as `top -H` and debuggers show it (15 bytes at most).
int voxnav_thread_name(pthread_t thread, const char *name);

#endif
