# The bench passes Puma its threads, workers, bind and environment on the command line: nothing here.
