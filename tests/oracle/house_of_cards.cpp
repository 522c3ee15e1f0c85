// House of Cards (ICPC World Finals 2009 G): the benchmark's C++ oracle.
//
// A plain alpha-beta over the rules of /work/shared/specs/house_of_cards.md (copied into
// tests/data/house_of_cards/ with the judge files), written for this project: no
// transposition table, moves in the rules' canonical order (hold, floors with D, floors with
// H, peaks H/D then D/H; valleys and floors lowest level first, left to right), fail-hard
// negamax on the value of the rest of the game for the player to move.  It reads the judge
// input on standard input and prints the judge's output; `python3 build.py bench` compiles it
// with `g++ -O2` and times it against the Python engine (tests/oracle/house_of_cards.py).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

constexpr int RED = 16;
constexpr int INF = 1 << 20;

// Peaks 0..9: P(1,1..4), P(2,1..3), P(3,1..2), P(4,1); floors (valleys) 0..5: F(1,1..3),
// F(2,1..2), F(3,1).  Card places: 2p and 2p + 1 are peak p's legs, 20 + f floor f's card.
int floor_left[6], floor_right[6], floor_up[6];

int deck[26], draws, first_mover;
int places[26];
bool peak_up[10];
bool floored[6];
int held[2];

int triangle(int a, int b, int c) {
  int sum = (a & 15) + (b & 15) + (c & 15);
  int reds = (a >> 4) + (b >> 4) + (c >> 4);
  return reds >= 2 ? sum : -sum;
}

int points(int card) { return card == 0 ? 0 : (card & RED ? (card & 15) : -(card & 15)); }

bool valley_open(int f) {
  return !floored[f] && peak_up[floor_left[f]] && peak_up[floor_right[f]];
}

bool floor_open(int f) { return floored[f] && !peak_up[floor_up[f]]; }

// The best value of the rest of the game for the player who draws card t (gains by the
// player to move count positive), within the window (alpha, beta).
int search(int t, int alpha, int beta) {
  if (t == draws) {
    int v = points(held[0]) + points(held[1]);
    return ((first_mover + t) & 1) == 0 ? v : -v;
  }
  int me = (first_mover + t) & 1;
  int sg = me == 0 ? 1 : -1;
  int d = deck[8 + t], h = held[me];
  int best = -INF;
  auto consider = [&](int gain) -> bool {   // gain for the mover; true: cut off
    int x = gain - search(t + 1, gain - beta, gain - alpha);
    if (x > best) best = x;
    if (best > alpha) alpha = best;
    return alpha >= beta;
  };
  if (!h) {
    held[me] = d;
    bool cut = consider(0);
    held[me] = 0;
    if (cut) return best;
  }
  for (int f = 0; f < 6; ++f) {             // floor with the drawn card
    if (!valley_open(f)) continue;
    int g = triangle(places[2 * floor_left[f] + 1], places[2 * floor_right[f]], d) * sg;
    floored[f] = true;
    places[20 + f] = d;
    bool cut = consider(g);
    floored[f] = false;
    places[20 + f] = 0;
    if (cut) return best;
  }
  if (!h) return best;
  for (int f = 0; f < 6; ++f) {             // floor with the held card, hold the drawn one
    if (!valley_open(f)) continue;
    int g = triangle(places[2 * floor_left[f] + 1], places[2 * floor_right[f]], h) * sg;
    floored[f] = true;
    places[20 + f] = h;
    held[me] = d;
    bool cut = consider(g);
    floored[f] = false;
    places[20 + f] = 0;
    held[me] = h;
    if (cut) return best;
  }
  for (int order = 0; order < 2; ++order) { // a peak: H/D, then D/H
    for (int f = 0; f < 6; ++f) {
      if (!floor_open(f)) continue;
      int p = floor_up[f];
      int left = order == 0 ? h : d, right = order == 0 ? d : h;
      int g = triangle(places[20 + f], left, right) * sg;
      peak_up[p] = true;
      places[2 * p] = left;
      places[2 * p + 1] = right;
      held[me] = 0;
      bool cut = consider(g);
      peak_up[p] = false;
      places[2 * p] = places[2 * p + 1] = 0;
      held[me] = h;
      if (cut) return best;
    }
  }
  return best;
}

void geometry() {
  int peak_id[5][5];
  int n = 0;
  for (int lv = 1; lv <= 4; ++lv)
    for (int j = 1; j <= 5 - lv; ++j) peak_id[lv][j] = n++;
  n = 0;
  for (int lv = 1; lv <= 3; ++lv)
    for (int j = 1; j <= 4 - lv; ++j) {
      floor_left[n] = peak_id[lv][j];
      floor_right[n] = peak_id[lv][j + 1];
      floor_up[n] = peak_id[lv + 1][j];
      ++n;
    }
}

int card_code(const char* s) {
  int len = (int)strlen(s);
  return atoi(std::string(s, len - 1).c_str()) | (s[len - 1] == 'R' ? RED : 0);
}

}  // namespace

int main() {
  geometry();
  char word[16];
  for (int k = 1; scanf("%15s", word) == 1 && strcmp(word, "End") != 0; ++k) {
    std::string name = word;
    int m;
    if (scanf("%d", &m) != 1) return 1;
    for (int i = 0; i < 2 * m; ++i) {
      char card[8];
      if (scanf("%7s", card) != 1) return 1;
      deck[i] = card_code(card);
    }
    draws = 2 * m - 8;
    first_mover = deck[0] & RED ? 0 : 1;   // 0: Axel (red), 1: Birgit (black)
    memset(places, 0, sizeof places);
    memset(peak_up, 0, sizeof peak_up);
    memset(floored, 0, sizeof floored);
    held[0] = held[1] = 0;
    for (int i = 0; i < 8; ++i) places[i] = deck[i];
    for (int p = 0; p < 4; ++p) peak_up[p] = true;
    int rest = search(0, -INF, INF);
    int v = first_mover == 0 ? rest : -rest;  // Axel - Birgit
    int x = name == "Axel" ? v : -v;
    if (x > 0) printf("Case %d: %s wins %d\n", k, name.c_str(), x);
    else if (x < 0) printf("Case %d: %s loses %d\n", k, name.c_str(), -x);
    else printf("Case %d: Axel and Birgit tie\n", k);
  }
  return 0;
}
