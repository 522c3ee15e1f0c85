// Programs that never end, each a different way: the first word picks one.
#include <bits/stdc++.h>
using namespace std;

volatile long long counter = 0;

__attribute__((noinline)) static long long step(long long n) { return n + 1; }

int main() {
  string mode;
  cin >> mode;
  if (mode == "loop")   // a loop that never calls anything
    for (;;) counter++;
  if (mode == "calls")
    for (;;) counter = step(counter);
  if (mode == "print")
    for (;;) {
      printf("x");
      fflush(stdout);
    }
  puts("done");
}
