// Settings of the process that the solvers' speed and bitwise reproducibility, and the
// outputs' survival, depend on. A program using moreau (the command line, the Python module)
// applies them once at start.
#pragma once

namespace moreau::core {

/// Makes the libraries under the solvers (OpenBLAS, OpenMP regions of CHOLMOD) run on the
/// calling thread; moreau's own parallelism is TBB's. Results then do not depend on the
/// machine's core count (bitwise). A program calling it also links process_settings.cpp's
/// GOMP_parallel, which runs CHOLMOD's OpenMP regions without libgomp's cost.
void use_one_library_thread();

/// Keeps freed memory in the heap for reuse rather than handing it back to the kernel (the
/// solvers' workspaces are allocated and freed many times a step). The process keeps its peak
/// memory until it exits.
void keep_freed_memory();

/// Makes a write past the file size limit (`ulimit -f`, RLIMIT_FSIZE) fail with EFBIG, which
/// the outputs report as they report a full disk, rather than kill the process with SIGXFSZ
/// and leave its outputs half written. (Python ignores SIGXFSZ itself.)
void fail_writes_past_the_file_size_limit();

}  // namespace moreau::core
