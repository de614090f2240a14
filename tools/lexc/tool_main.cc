// lexc's entry point. The tool itself is LexcMain (main.cc), shared with
// lexc-mpi, whose entry point (mpi_main.cc) wraps it in MPI_Init/Finalize.
int LexcMain(int argc, char** argv);

int main(int argc, char** argv) { return LexcMain(argc, argv); }
