#include <bits/stdc++.h>
using namespace std;

int parse(const string &s) {
  if (s.empty()) throw runtime_error("empty");
  return stoi(s);
}

int main() {
  try {
    cout << parse("12") << "\n";
  } catch (const exception &e) {
    cout << e.what() << "\n";
  }
}
