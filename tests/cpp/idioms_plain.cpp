// The same kind of program with the headers named one by one (no precompiled header).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <vector>
using namespace std;

int main() {
  ios::sync_with_stdio(false);
  long long a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  vector<long long> v = {b, a};
  sort(v.begin(), v.end());
  printf("%lld %lld %d\n", v[0], v[1], __builtin_popcount(255u));
}
