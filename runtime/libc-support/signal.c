/* Signal sets and masks. No signal is ever delivered in the model (nothing raises one: kill,
 * raise and timers are not modelled), so blocking signals changes nothing but the mask itself:
 * pthread_sigmask and sigprocmask keep the calling thread's mask and report it back, as the
 * kernel does. Each thread's mask starts empty (a thread does not inherit its creator's).
 * The set functions behave as glibc's: a sigset_t of 1024 bits, signals 1 to 64, glibc's
 * internal signals (32 and 33) neither added nor filled, and the kernel's rules for the mask:
 * SIGKILL and SIGSTOP cannot be blocked, and only the first 64 bits are read and written.
 * No system headers: the same source compiles for both data models. */
typedef struct {
  unsigned long word[1024 / (8 * sizeof(unsigned long))];
} sigset_t;

extern int *__errno_location(void);

enum { MaxSignal = 64, SigKill = 9, SigStop = 19, Cancel = 32, SetXid = 33, Einval = 22 };
enum { Block = 0, Unblock = 1, SetMask = 2 };
enum { WordBits = 8 * sizeof(unsigned long), Words = 1024 / WordBits };

static _Thread_local unsigned long long threadMask;

static int invalid(void) {
  *__errno_location() = Einval;
  return -1;
}

static int isInternal(int sig) { return sig == Cancel || sig == SetXid; }

int sigemptyset(sigset_t *set) {
  if (!set)
    return invalid();
  for (int i = 0; i < Words; ++i)
    set->word[i] = 0;
  return 0;
}

int sigfillset(sigset_t *set) {
  if (!set)
    return invalid();
  for (int i = 0; i < Words; ++i)
    set->word[i] = ~0UL;
  set->word[(Cancel - 1) / WordBits] &= ~(1UL << ((Cancel - 1) % WordBits));
  set->word[(SetXid - 1) / WordBits] &= ~(1UL << ((SetXid - 1) % WordBits));
  return 0;
}

int sigaddset(sigset_t *set, int sig) {
  if (!set || sig <= 0 || sig > MaxSignal || isInternal(sig))
    return invalid();
  set->word[(sig - 1) / WordBits] |= 1UL << ((sig - 1) % WordBits);
  return 0;
}

int sigdelset(sigset_t *set, int sig) {
  if (!set || sig <= 0 || sig > MaxSignal || isInternal(sig))
    return invalid();
  set->word[(sig - 1) / WordBits] &= ~(1UL << ((sig - 1) % WordBits));
  return 0;
}

int sigismember(const sigset_t *set, int sig) {
  if (!set || sig <= 0 || sig > MaxSignal)
    return invalid();
  return (set->word[(sig - 1) / WordBits] >> ((sig - 1) % WordBits)) & 1;
}

/* The first 64 bits of a set, and back. */
static unsigned long long low64(const sigset_t *set) {
  unsigned long long bits = 0;
  for (int i = 0; i * WordBits < 64; ++i)
    bits |= (unsigned long long)set->word[i] << (i * WordBits);
  return bits;
}

static void setLow64(sigset_t *set, unsigned long long bits) {
  for (int i = 0; i * WordBits < 64; ++i)
    set->word[i] = (unsigned long)(bits >> (i * WordBits));
}

/* The error number, as pthread_sigmask returns it. */
static int changeMask(int how, const sigset_t *set, sigset_t *old) {
  if (set && how != Block && how != Unblock && how != SetMask)
    return Einval;
  if (old)
    setLow64(old, threadMask);
  if (!set)
    return 0;
  unsigned long long bits = low64(set);
  /* glibc never lets a program block its internal signals; the kernel, SIGKILL and SIGSTOP. */
  bits &= ~((1ULL << (Cancel - 1)) | (1ULL << (SetXid - 1)) | (1ULL << (SigKill - 1)) |
            (1ULL << (SigStop - 1)));
  if (how == Block)
    threadMask |= bits;
  else if (how == Unblock)
    threadMask &= ~bits;
  else
    threadMask = bits;
  return 0;
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  return changeMask(how, set, old);
}

int sigprocmask(int how, const sigset_t *set, sigset_t *old) {
  if (changeMask(how, set, old) != 0)
    return invalid();
  return 0;
}
