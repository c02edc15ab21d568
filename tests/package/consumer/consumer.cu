// The same program as consumer.cpp, compiled by nvcc: the device space is the GPU.
#include "consumer.cpp"
