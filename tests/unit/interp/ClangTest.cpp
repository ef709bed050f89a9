#include "InterpTestUtil.h"
