/* The interface between bporcheck and the MPI library, as a plugin (docs/design.md,
 * "Distributed search"). bporcheck does not link MPI: a run outside mpirun loads nothing more
 * and starts as fast as before, and a build without MPI still builds. Under mpirun, bporcheck
 * loads libbpor_mpi.so, which links the system's MPI, and calls it only through this table of
 * plain C functions over bytes, so that the plugin is the only code compiled against mpi.h.
 *
 * Every function returns 0 on success and an MPI error code otherwise. Ranks are
 * MPI_COMM_WORLD's. The plugin initialises MPI with MPI_THREAD_SERIALIZED: at most one thread
 * of a process calls it at a time (rank 0 serves the others from a thread of its own while its
 * search thread does not call MPI). */
#ifndef BPOR_DISTRIBUTED_MPI_PLUGIN_H
#define BPOR_DISTRIBUTED_MPI_PLUGIN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BPOR_MPI_PLUGIN_VERSION 2
#define BPOR_MPI_ANY_SOURCE (-1)

struct BporMpi {
  int version; /* BPOR_MPI_PLUGIN_VERSION */
  int (*init)(int *rank, int *size);
  int (*finalize)(void);
  /* Ends every rank of the run with `code` (MPI_Abort). */
  void (*abort)(int code);
  /* A blocking send of `size` bytes to `to`, with `tag`. */
  int (*send)(int to, int tag, const void *data, size_t size);
  /* A send that does not wait for the receiver (MPI_Isend): *request names it until `test`
   * finds it done and frees it; `data` must stay as it is until then. */
  int (*isend)(int to, int tag, const void *data, size_t size, void **request);
  /* Whether the send `request` is done (*done = 1, and `request` is freed). Does not block. */
  int (*test)(void *request, int *done);
  /* Whether a message waits (from `from`, or any rank with BPOR_MPI_ANY_SOURCE): its sender,
   * tag and size; *ready = 0 if none. Does not block. */
  int (*poll)(int from, int *ready, int *sender, int *tag, size_t *size);
  /* A blocking wait for a message from `from` (or any rank) with any tag: its sender, tag
   * and size, without receiving it. */
  int (*wait)(int from, int *sender, int *tag, size_t *size);
  /* Receives the message `poll` or `wait` announced into `data` (at least `size` bytes). */
  int (*receive)(int from, int tag, void *data, size_t size);
  /* `size` bytes of `root` to every rank. */
  int (*broadcast)(void *data, size_t size, int root);
  /* The library's name and version, for messages. */
  const char *(*library)(void);
};

/* The one symbol the plugin exports. */
const struct BporMpi *bpor_mpi_plugin(void);

#ifdef __cplusplus
}
#endif

#endif
