# Finds the SuiteSparse libraries moreau uses: CHOLMOD (sparse Cholesky), UMFPACK and KLU
# (sparse LU) and their ordering/config dependencies. Debian 12's SuiteSparse 5.12 ships no
# CMake package, so this module looks for the headers and libraries directly.
# Defines the imported target SuiteSparse::SuiteSparse.
find_path(SuiteSparse_INCLUDE_DIR cholmod.h PATH_SUFFIXES suitesparse)
set(_suitesparse_components cholmod umfpack klu btf amd colamd camd ccolamd suitesparseconfig)
set(SuiteSparse_LIBRARIES "")
foreach(_component IN LISTS _suitesparse_components)
  find_library(SuiteSparse_${_component}_LIBRARY ${_component})
  list(APPEND _suitesparse_required SuiteSparse_${_component}_LIBRARY)
  list(APPEND SuiteSparse_LIBRARIES "${SuiteSparse_${_component}_LIBRARY}")
endforeach()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(SuiteSparse REQUIRED_VARS SuiteSparse_INCLUDE_DIR
                                  ${_suitesparse_required})

if(SuiteSparse_FOUND AND NOT TARGET SuiteSparse::SuiteSparse)
  add_library(SuiteSparse::SuiteSparse INTERFACE IMPORTED)
  set_target_properties(SuiteSparse::SuiteSparse PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${SuiteSparse_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${SuiteSparse_LIBRARIES}")
endif()
