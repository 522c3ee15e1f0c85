#include <cstdio>

int helper(int x);   // declared, never defined

int main() {
  printf("%d\n", helper(3));
}
