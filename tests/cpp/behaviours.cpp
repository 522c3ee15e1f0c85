// One program, many ways to end: the first word of the input picks one.
#include <bits/stdc++.h>
using namespace std;

volatile int zero = 0;

static int deep(int n) {
  volatile char pad[64];
  pad[0] = (char)n;
  return n == 0 ? 0 : 1 + deep(n - 1) + (pad[0] & 0);
}

int main() {
  string mode;
  cin >> mode;
  if (mode == "sum") {
    long long x, sum = 0;
    while (cin >> x) sum += x;
    cout << sum << "\n";
  } else if (mode == "div0") {
    printf("%d\n", 7 / zero);
  } else if (mode == "oob") {
    static int table[10];
    table[zero + 500000000] = 1;   // 2 GB past the table: beyond the program's memory
    printf("%d\n", table[0]);
  } else if (mode == "abort") {
    puts("about to abort");
    abort();
  } else if (mode == "exit3") {
    puts("partial");
    exit(3);
  } else if (mode == "return5") {
    return 5;
  } else if (mode == "assert") {
    assert(zero == 1);
  } else if (mode == "thread") {
    thread worker([] { puts("in a thread"); });
    worker.join();
    puts("joined");
  } else if (mode == "flood") {
    for (;;) puts("spam spam spam spam spam spam spam");
  } else if (mode == "stderr") {
    for (int i = 0; i < 200000; i++) fprintf(stderr, "debug line %d\n", i);
    puts("done");
  } else if (mode == "deep") {
    int depth;
    cin >> depth;
    printf("%d\n", deep(depth));
  } else if (mode == "bigstack") {
    char frame[8 << 20];   // 8 MB of locals: needs a stack of megabytes, as judges give
    memset(frame, 1, sizeof frame);
    printf("%d\n", frame[12345] + frame[sizeof frame - 1]);
  } else if (mode == "alloc") {
    vector<vector<int>> hog;
    for (;;) hog.emplace_back(1 << 24, 1);   // 64 MB at a time, past the memory cap
  }
  return 0;
}
