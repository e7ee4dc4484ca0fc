# Finds Siconos numerics (Debian's libsiconos-numerics-dev), the peer moreau's benchmarks and
# cross-check tests compare against; never used as moreau's engine. Debian's siconos CMake
# package refers to kernel libraries that the numerics-only package does not ship, so this
# module looks for the library and headers directly. Defines SiconosNumerics::numerics.
find_path(SiconosNumerics_INCLUDE_DIR SiconosNumerics.h PATH_SUFFIXES siconos/numerics)
find_path(SiconosNumerics_CONFIG_DIR SiconosConfig.h PATH_SUFFIXES siconos)
find_library(SiconosNumerics_LIBRARY siconos_numerics)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(SiconosNumerics REQUIRED_VARS SiconosNumerics_LIBRARY
                                  SiconosNumerics_INCLUDE_DIR SiconosNumerics_CONFIG_DIR)

if(SiconosNumerics_FOUND AND NOT TARGET SiconosNumerics::numerics)
  add_library(SiconosNumerics::numerics UNKNOWN IMPORTED)
  set_target_properties(SiconosNumerics::numerics PROPERTIES
    IMPORTED_LOCATION "${SiconosNumerics_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${SiconosNumerics_INCLUDE_DIR};${SiconosNumerics_CONFIG_DIR}")
endif()
