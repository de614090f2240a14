// The host of the test suite's precompiled header (Catch2 and the standard
// headers most tests use): compiled once, reused by every Catch2 test target
// (tests/CMakeLists.txt, lexc_test_pch). Nothing to link.
