// mimalloc (Debian's libmimalloc-dev, which ships no pkg-config file). Linking it replaces
// malloc and free for the whole process; only Sources/LifecycleDocsCLI/Allocator.swift imports this.
#include <mimalloc.h>
