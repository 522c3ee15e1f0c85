// The idioms contest code leans on: <bits/stdc++.h>, GCC pragmas, fast iostreams
// beside scanf/printf, long long, __int128, builtins and libstdc++'s __gcd/__lg.
#pragma GCC optimize("O3,unroll-loops")
#pragma GCC target("avx2")
#include <bits/stdc++.h>
using namespace std;
typedef long long ll;

static string int128(__int128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  string digits;
  while (v != 0) {
    int d = (int)(v % 10);
    digits += char('0' + (d < 0 ? -d : d));
    v /= 10;
  }
  if (negative) digits += '-';
  reverse(digits.begin(), digits.end());
  return digits;
}

int main() {
  ios::sync_with_stdio(false);
  cin.tie(nullptr);
  ll a, b;
  if (scanf("%lld %lld", &a, &b) != 2) return 1;
  __int128 product = (__int128)a * b;
  printf("%s %d %d %lld\n", int128(product).c_str(), __builtin_popcountll(a), __gcd(12, 18), (ll)__lg(1000));
  int n;
  cin >> n;
  vector<ll> v(n);
  for (auto &x : v) cin >> x;
  sort(v.begin(), v.end());
  map<ll, int> counts;
  for (ll x : v) counts[x]++;
  cout << v.front() << ' ' << v.back() << ' ' << counts.size() << '\n';
  cout << fixed << setprecision(3) << acos(-1.0) << endl;
}
