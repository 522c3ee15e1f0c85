// Byte Me! (SCUSA 2002), written for Pixel Judge's tests from the rules in
// specs/byte_me.md: the dealer's hits and the outcome, data set by data set.
#include <bits/stdc++.h>
using namespace std;

static int value(const string &bits) {
  int v = 0;
  for (char c : bits) v = v * 2 + (c - '0');
  return v;
}

int main() {
  ios::sync_with_stdio(false);
  cin.tie(nullptr);
  string word;
  while (cin >> word && word == "START") {
    int n;
    cin >> n;
    string card;
    int total = 0;
    for (int i = 0; i < 2; i++) {
      cin >> card;
      total += value(card);
    }
    int target = 0;
    for (int i = 0; i < n; i++) {
      cin >> card;
      target = max(target, value(card) + 255);   // every face-down card is 255
    }
    int bytes[4], nibbles[4];
    for (int &b : bytes) { cin >> card; b = value(card); }
    for (int &b : nibbles) { cin >> card; b = value(card); }
    cin >> word;   // END
    cout << "HAND " << n << "\n";
    int nextByte = 0, nextNibble = 0;
    for (int hits = 0; hits < 4 && total <= 510; hits++) {
      if (total >= target) break;   // a certain win: ties go to the dealer
      if (total < 382) {
        total += bytes[nextByte++];
        cout << "Byte me!\n";
      } else if (total <= 500) {
        total += nibbles[nextNibble++];
        cout << "Nibble me!\n";
      } else {
        break;
      }
    }
    cout << (total > 510 ? "Bust!" : total >= target ? "Win!" : "Lose!") << "\n";
  }
  return 0;
}
