// A program that writes to stdout, then calls send(): the runner has no sockets,
// so this is the program's runtime error, and what it printed first is kept.
#include <cstdio>
#include <sys/socket.h>

int main() {
    std::printf("before send\n");
    std::fflush(stdout);
    char byte = 'x';
    long sent = send(1, &byte, 1, 0);
    std::printf("after send: %ld\n", sent);
    return 0;
}
