/* C11 threads (<threads.h>) over the pthread functions the runtime models, as glibc implements
 * them: thrd_t is a pthread_t, mtx_t a pthread_mutex_t, cnd_t a pthread_cond_t, once_flag a
 * pthread_once_t and tss_t a pthread_key_t, so every operation is the pthread one (the same
 * visible step, shown at the program's call) with C11's return codes. A thread's int result
 * travels as its pthread exit value. No system headers: the same source compiles for both data
 * models. */
typedef unsigned long pthread_t;
typedef pthread_t thrd_t;
typedef int (*thrd_start_t)(void *);
typedef void (*tss_dtor_t)(void *);
typedef unsigned int tss_t;
typedef struct mtx mtx_t; /* the program's object: a pthread_mutex_t */
typedef struct cnd cnd_t; /* a pthread_cond_t */
typedef struct {
  int data;
} once_flag; /* a pthread_once_t */
typedef union {
  char size[4];
  int align;
} pthread_mutexattr_t;
struct timespec;

extern int pthread_create(pthread_t *thread, const void *attr, void *(*start)(void *), void *arg);
extern int pthread_join(pthread_t thread, void **value);
extern void pthread_exit(void *value) __attribute__((noreturn));
extern int pthread_detach(pthread_t thread);
extern pthread_t pthread_self(void);
extern int pthread_equal(pthread_t a, pthread_t b);
extern int sched_yield(void);
extern int nanosleep(const struct timespec *request, struct timespec *remaining);
extern int pthread_mutexattr_init(pthread_mutexattr_t *attr);
extern int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type);
extern int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
extern int pthread_mutex_init(mtx_t *mutex, const pthread_mutexattr_t *attr);
extern int pthread_mutex_lock(mtx_t *mutex);
extern int pthread_mutex_trylock(mtx_t *mutex);
extern int pthread_mutex_timedlock(mtx_t *mutex, const struct timespec *deadline);
extern int pthread_mutex_unlock(mtx_t *mutex);
extern int pthread_mutex_destroy(mtx_t *mutex);
extern int pthread_cond_init(cnd_t *cond, const void *attr);
extern int pthread_cond_signal(cnd_t *cond);
extern int pthread_cond_broadcast(cnd_t *cond);
extern int pthread_cond_wait(cnd_t *cond, mtx_t *mutex);
extern int pthread_cond_timedwait(cnd_t *cond, mtx_t *mutex, const struct timespec *deadline);
extern int pthread_cond_destroy(cnd_t *cond);
extern int pthread_once(int *control, void (*routine)(void));
extern int pthread_key_create(tss_t *key, tss_dtor_t destructor);
extern int pthread_key_delete(tss_t key);
extern void *pthread_getspecific(tss_t key);
extern int pthread_setspecific(tss_t key, const void *value);

enum { thrd_success = 0, thrd_busy = 1, thrd_error = 2, thrd_nomem = 3, thrd_timedout = 4 };
enum { mtx_plain = 0, mtx_recursive = 1, mtx_timed = 2 };
enum { Ebusy = 16, Enomem = 12, Etimedout = 110, RecursiveMutex = 1 };

/* A pthread error number as C11 says it (glibc's mapping). */
static int c11Result(int error) {
  switch (error) {
  case 0: return thrd_success;
  case Ebusy: return thrd_busy;
  case Enomem: return thrd_nomem;
  case Etimedout: return thrd_timedout;
  default: return thrd_error;
  }
}

/* The start routine runs as a pthread one: its int result, in the pointer-sized slot the
 * interpreter returns it in, is the exit value thrd_join reads back (glibc does the same). */
int thrd_create(thrd_t *thread, thrd_start_t start, void *arg) {
  return c11Result(pthread_create(thread, 0, (void *(*)(void *))start, arg));
}

int thrd_join(thrd_t thread, int *result) {
  void *value = 0;
  int error = pthread_join(thread, &value);
  if (error == 0 && result)
    *result = (int)(long)value;
  return c11Result(error);
}

void thrd_exit(int result) { pthread_exit((void *)(long)result); }
int thrd_detach(thrd_t thread) { return c11Result(pthread_detach(thread)); }
thrd_t thrd_current(void) { return pthread_self(); }
int thrd_equal(thrd_t a, thrd_t b) { return pthread_equal(a, b); }
void thrd_yield(void) { sched_yield(); }
/* A sleep is a yield that moves the model's clock on (nanosleep); it is never interrupted. */
int thrd_sleep(const struct timespec *duration, struct timespec *remaining) {
  return nanosleep(duration, remaining) == 0 ? 0 : -2;
}

/* mtx_timed makes no difference in POSIX; a type glibc does not know is a plain mutex too. */
int mtx_init(mtx_t *mutex, int type) {
  pthread_mutexattr_t attr;
  pthread_mutexattr_init(&attr);
  if (type == (mtx_plain | mtx_recursive) || type == (mtx_timed | mtx_recursive))
    pthread_mutexattr_settype(&attr, RecursiveMutex);
  int error = pthread_mutex_init(mutex, &attr);
  pthread_mutexattr_destroy(&attr);
  return c11Result(error);
}
int mtx_lock(mtx_t *mutex) { return c11Result(pthread_mutex_lock(mutex)); }
int mtx_trylock(mtx_t *mutex) { return c11Result(pthread_mutex_trylock(mutex)); }
int mtx_timedlock(mtx_t *mutex, const struct timespec *deadline) {
  return c11Result(pthread_mutex_timedlock(mutex, deadline));
}
int mtx_unlock(mtx_t *mutex) { return c11Result(pthread_mutex_unlock(mutex)); }
void mtx_destroy(mtx_t *mutex) { pthread_mutex_destroy(mutex); }

int cnd_init(cnd_t *cond) { return c11Result(pthread_cond_init(cond, 0)); }
int cnd_signal(cnd_t *cond) { return c11Result(pthread_cond_signal(cond)); }
int cnd_broadcast(cnd_t *cond) { return c11Result(pthread_cond_broadcast(cond)); }
int cnd_wait(cnd_t *cond, mtx_t *mutex) { return c11Result(pthread_cond_wait(cond, mutex)); }
int cnd_timedwait(cnd_t *cond, mtx_t *mutex, const struct timespec *deadline) {
  return c11Result(pthread_cond_timedwait(cond, mutex, deadline));
}
void cnd_destroy(cnd_t *cond) { pthread_cond_destroy(cond); }

void call_once(once_flag *flag, void (*routine)(void)) { pthread_once(&flag->data, routine); }

int tss_create(tss_t *key, tss_dtor_t destructor) {
  return c11Result(pthread_key_create(key, destructor));
}
void tss_delete(tss_t key) { pthread_key_delete(key); }
void *tss_get(tss_t key) { return pthread_getspecific(key); }
int tss_set(tss_t key, void *value) { return c11Result(pthread_setspecific(key, value)); }
