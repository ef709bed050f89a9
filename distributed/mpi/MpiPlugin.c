/* libbpor_mpi.so: the MPI calls of a distributed search (distributed/MpiPlugin.h). */
#include "distributed/MpiPlugin.h"

#include <limits.h>
#include <mpi.h>
#include <stdlib.h>

static int initialise(int *rank, int *size) {
  int provided = 0;
  int failed = MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided);
  if (failed)
    return failed;
  if (provided < MPI_THREAD_SERIALIZED)
    return MPI_ERR_OTHER;
  /* Errors come back as codes: a rank that dies still ends the run (mpirun's rule), and a
   * failed call is reported by bporcheck with what it was doing. */
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if ((failed = MPI_Comm_rank(MPI_COMM_WORLD, rank)))
    return failed;
  return MPI_Comm_size(MPI_COMM_WORLD, size);
}

static int finalise(void) { return MPI_Finalize(); }

static void abortAll(int code) { MPI_Abort(MPI_COMM_WORLD, code); }

static int sourceOf(int from) { return from == BPOR_MPI_ANY_SOURCE ? MPI_ANY_SOURCE : from; }

/* Messages are at most INT_MAX bytes (MPI's counts are ints). */
static int send(int to, int tag, const void *data, size_t size) {
  if (size > INT_MAX)
    return MPI_ERR_COUNT;
  return MPI_Send(data, (int)size, MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

static int isend(int to, int tag, const void *data, size_t size, void **request) {
  if (size > INT_MAX)
    return MPI_ERR_COUNT;
  MPI_Request *handle = malloc(sizeof *handle);
  if (!handle)
    return MPI_ERR_NO_MEM;
  int failed = MPI_Isend(data, (int)size, MPI_BYTE, to, tag, MPI_COMM_WORLD, handle);
  if (failed) {
    free(handle);
    return failed;
  }
  *request = handle;
  return MPI_SUCCESS;
}

static int test(void *request, int *done) {
  int failed = MPI_Test((MPI_Request *)request, done, MPI_STATUS_IGNORE);
  if (!failed && *done)
    free(request);
  return failed;
}

static int describe(const MPI_Status *status, int *sender, int *tag, size_t *size) {
  int count = 0;
  int failed = MPI_Get_count(status, MPI_BYTE, &count);
  *sender = status->MPI_SOURCE;
  *tag = status->MPI_TAG;
  *size = (size_t)count;
  return failed;
}

static int poll(int from, int *ready, int *sender, int *tag, size_t *size) {
  MPI_Status status;
  int failed = MPI_Iprobe(sourceOf(from), MPI_ANY_TAG, MPI_COMM_WORLD, ready, &status);
  if (failed || !*ready)
    return failed;
  return describe(&status, sender, tag, size);
}

static int wait(int from, int *sender, int *tag, size_t *size) {
  MPI_Status status;
  int failed = MPI_Probe(sourceOf(from), MPI_ANY_TAG, MPI_COMM_WORLD, &status);
  if (failed)
    return failed;
  return describe(&status, sender, tag, size);
}

static int receive(int from, int tag, void *data, size_t size) {
  if (size > INT_MAX)
    return MPI_ERR_COUNT;
  return MPI_Recv(data, (int)size, MPI_BYTE, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static int broadcast(void *data, size_t size, int root) {
  if (size > INT_MAX)
    return MPI_ERR_COUNT;
  return MPI_Bcast(data, (int)size, MPI_BYTE, root, MPI_COMM_WORLD);
}

static const char *library(void) {
  static char name[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  if (!name[0] && MPI_Get_library_version(name, &length) != MPI_SUCCESS)
    return "MPI";
  /* The first line only (Open MPI's string goes on with its build details). */
  for (int i = 0; name[i]; ++i)
    if (name[i] == '\n' || name[i] == ',') {
      name[i] = 0;
      break;
    }
  return name;
}

const struct BporMpi *bpor_mpi_plugin(void) {
  static const struct BporMpi table = {BPOR_MPI_PLUGIN_VERSION, initialise, finalise, abortAll,
                                       send,  isend, test,     poll,     wait,
                                       receive, broadcast, library};
  return &table;
}
