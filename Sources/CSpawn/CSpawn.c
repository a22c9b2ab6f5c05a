#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <unistd.h>

#include "CSpawn.h"

int voxnav_spawn_closefrom(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int voxnav_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int voxnav_thread_name(pthread_t thread, const char *name) { return pthread_setname_np(thread, name); }
