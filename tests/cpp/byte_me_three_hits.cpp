// Byte Me! (SCUSA 2002) with a planted bug, for the stress test of the page's
// C++ tools: written from specs/byte_me.md, right in everything but rule 6's
// limit, where this dealer stops after his 3rd hit instead of his 4th.  Hands
// whose dealer takes four hits (a low start and small cards) come out wrong;
// most hands are right, so stress has to find and shrink one.
#include <cstdio>
#include <cstring>

static int bits(const char *s) {
  int v = 0;
  for (; *s; ++s) v = 2 * v + (*s == '1');
  return v;
}

int main() {
  char word[16], card[16];
  int players;
  while (scanf("%15s", word) == 1 && strcmp(word, "START") == 0) {
    if (scanf("%d", &players) != 1) return 1;
    int total = 0, best = 0;
    for (int k = 0; k < 2; ++k) { scanf("%15s", card); total += bits(card); }
    for (int k = 0; k < players; ++k) {
      scanf("%15s", card);
      int hand = bits(card) + 255;   // the face-down byte is always 11111111
      if (hand > best) best = hand;
    }
    int byteDeck[4], nibbleDeck[4];
    for (int &b : byteDeck) { scanf("%15s", card); b = bits(card); }
    for (int &b : nibbleDeck) { scanf("%15s", card); b = bits(card); }
    scanf("%15s", word);   // END
    printf("HAND %d\n", players);
    int bytesTaken = 0, nibblesTaken = 0;
    const int maxHits = 3;   // the planted bug: the rules allow 4
    while (bytesTaken + nibblesTaken < maxHits && total <= 510 && total < best) {
      if (total < 382) {
        total += byteDeck[bytesTaken++];
        puts("Byte me!");
      } else if (total <= 500) {
        total += nibbleDeck[nibblesTaken++];
        puts("Nibble me!");
      } else {
        break;
      }
    }
    puts(total > 510 ? "Bust!" : total >= best ? "Win!" : "Lose!");
  }
  return 0;
}
