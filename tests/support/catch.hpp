#pragma once
// Catch2 v3 when installed, else the single-header v2 (Debian 12 ships v2).
#if __has_include(<catch2/catch_all.hpp>)
#  include <catch2/catch_all.hpp>
#  define TANDEM_CATCH_V3 1
#else
#  include <catch2/catch.hpp>
#  define TANDEM_CATCH_V3 0
#endif
