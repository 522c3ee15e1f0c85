// Byte Me! (SCUSA 2002), right, in the style of old contest code: a global `byte`
// type and `using namespace std;`.  g++ (libstdc++) compiles it under gnu++17,
// since <cstdio>, <cstring> and <utility> declare no std::byte; libc++'s <utility>
// does, and the page's compiler must still take it (cpp/byte-overlay.js).
#include <cstdio>
#include <cstring>
#include <utility>
using namespace std;

typedef unsigned char byte;

static byte card(const char *s) {
  byte v = 0;
  for (; *s; ++s) v = (byte)(2 * v + (*s == '1'));
  return v;
}

int main() {
  char word[16], text[16];
  int players;
  while (scanf("%15s", word) == 1 && strcmp(word, "START") == 0) {
    if (scanf("%d", &players) != 1) return 1;
    int total = 0, best = 0;
    for (int k = 0; k < 2; ++k) { scanf("%15s", text); total += card(text); }
    for (int k = 0; k < players; ++k) {
      scanf("%15s", text);
      int hand = card(text) + 255;   // the face-down byte is 11111111
      if (hand > best) best = hand;
    }
    byte bytes[4], nibbles[4];
    for (byte &b : bytes) { scanf("%15s", text); b = card(text); }
    for (byte &b : nibbles) { scanf("%15s", text); b = card(text); }
    scanf("%15s", word);   // END
    printf("HAND %d\n", players);
    pair<int, int> drawn(0, 0);   // bytes and nibbles taken
    int taken = 0;
    int &bytesTaken = drawn.first, &nibblesTaken = drawn.second;
    while (taken < 4 && total <= 510 && total < best) {
      if (total < 382) {
        total += bytes[bytesTaken++];
        puts("Byte me!");
      } else if (total <= 500) {
        total += nibbles[nibblesTaken++];
        puts("Nibble me!");
      } else {
        break;
      }
      ++taken;
    }
    puts(total > 510 ? "Bust!" : total >= best ? "Win!" : "Lose!");
  }
  return 0;
}
