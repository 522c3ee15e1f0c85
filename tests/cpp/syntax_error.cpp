#include <cstdio>

int main() {
  int total = 0;
  for (int i = 0; i < 3; i++) {
    total += i
  }
  printf("%d\n", total);
}
