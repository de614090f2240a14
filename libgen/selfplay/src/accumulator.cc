#include "lexc/selfplay/accumulator.h"
