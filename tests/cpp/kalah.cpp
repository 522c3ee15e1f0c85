// Kalah with swaps (SWERC 2008 "The Game", UVa 12180), written for Pixel Judge's
// tests from the rules in specs/kalah.md: exact minimax, the opponent moving
// first, memoised on everything that decides the rest of the game.
//
// The bowls are never sown from and no rule reads them, so a position's future is
// the same whatever they hold: the memo stores the future change of
// (your bowl - the opponent's bowl) keyed by the cups, the player to move, the
// swaps left and the pair locks.  A lock counts the rounds a pair stays blocked:
// a swap sets it to 5, and it drops by one every time the move passes to the other
// player, so the pair is blocked in rounds T+1..T+4 and free again in round T+5.
// The memo is a flat open-addressing table; with KALAH_STD_MAP defined (before
// the include) it is a std::unordered_map instead, for the benchmark.
#include <bits/stdc++.h>
using namespace std;

#ifdef KALAH_STD_MAP
struct Memo {
  unordered_map<uint64_t, int> table;
  void clear() { table.clear(); }
  const int *find(uint64_t k) const {
    auto it = table.find(k);
    return it == table.end() ? nullptr : &it->second;
  }
  void put(uint64_t k, int v) { table.emplace(k, v); }
};
#else
struct Memo {
  vector<uint64_t> keys;   // key + 1; 0 marks an empty slot
  vector<int> values;
  size_t used = 0;
  void clear() {
    keys.assign(1 << 16, 0);
    values.assign(1 << 16, 0);
    used = 0;
  }
  size_t slot(uint64_t k) const {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return (size_t)k & (keys.size() - 1);
  }
  const int *find(uint64_t k) const {
    for (size_t i = slot(k + 1);; i = (i + 1) & (keys.size() - 1)) {
      if (keys[i] == k + 1) return &values[i];
      if (keys[i] == 0) return nullptr;
    }
  }
  void put(uint64_t k, int v) {
    if (2 * (used + 1) > keys.size()) {
      vector<uint64_t> oldKeys(keys.size() * 2, 0);
      vector<int> oldValues(values.size() * 2, 0);
      oldKeys.swap(keys);
      oldValues.swap(values);
      used = 0;
      for (size_t i = 0; i < oldKeys.size(); i++)
        if (oldKeys[i]) put(oldKeys[i] - 1, oldValues[i]);
    }
    size_t i = slot(k + 1);
    while (keys[i]) i = (i + 1) & (keys.size() - 1);
    keys[i] = k + 1;
    values[i] = v;
    used++;
  }
};
#endif

static const int YOU = 0, OPP = 1;
static int m, pits;   // pits = 2m + 2

struct Position {
  int pit[10];
  int swaps[2];
  int lock[4];
  int turn;
};

static Memo memo;

static int cup(int player, int i) { return player == YOU ? i : m + 1 + i; }
static int bowl(int player) { return player == YOU ? m : 2 * m + 1; }
static int facing(int index) { return 2 * m - index; }

static bool cupsEmpty(const Position &p, int player) {
  for (int i = 0; i < m; i++)
    if (p.pit[cup(player, i)]) return false;
  return true;
}

static uint64_t key(const Position &p) {
  uint64_t k = 0;
  for (int player = 0; player < 2; player++)
    for (int i = 0; i < m; i++) k = k * 16 + p.pit[cup(player, i)];
  for (int i = 0; i < m; i++) k = k * 8 + p.lock[i];
  k = k * 4 + p.swaps[YOU];
  k = k * 4 + p.swaps[OPP];
  return k * 2 + p.turn;
}

static void passTurn(Position &p) {
  p.turn ^= 1;
  for (int i = 0; i < m; i++)
    if (p.lock[i] > 0) p.lock[i]--;
}

static int diff(const Position &p) { return p.pit[bowl(YOU)] - p.pit[bowl(OPP)]; }

// The best future change of (your bowl - opponent's bowl) from p, p.turn to move.
static int solve(Position p) {
  if (cupsEmpty(p, YOU) && cupsEmpty(p, OPP)) return 0;
  if (cupsEmpty(p, p.turn)) {   // a forced pass: the other player still has stones
    passTurn(p);
    return solve(p);
  }
  const uint64_t k = key(p);
  if (const int *known = memo.find(k)) return *known;
  const int me = p.turn, other = me ^ 1;
  int best = me == YOU ? INT_MIN : INT_MAX;
  auto consider = [&](const Position &next, int gained) {
    int value = gained + solve(next);
    best = me == YOU ? max(best, value) : min(best, value);
  };
  for (int i = 0; i < m; i++) {
    const int from = cup(me, i);
    if (!p.pit[from]) continue;
    Position q = p;
    int stones = q.pit[from], at = from;
    q.pit[from] = 0;
    while (stones--) {
      at = (at + 1) % pits;
      q.pit[at]++;
    }
    if (at == bowl(me)) {   // extra move: same player, same round
      consider(q, diff(q) - diff(p));
      continue;
    }
    const bool own = me == YOU ? at < m : (at > m && at < 2 * m + 1);
    if (own && p.pit[at] == 0 && q.pit[facing(at)] > 0) {   // capture
      q.pit[bowl(me)] += q.pit[at] + q.pit[facing(at)];
      q.pit[at] = q.pit[facing(at)] = 0;
    }
    const bool theirs = other == YOU ? at < m : (at > m && at < 2 * m + 1);
    if (theirs) {
      const int position = other == YOU ? at : at - (m + 1);
      const int partner = cup(me, position);
      if (q.pit[partner] > 0 && q.swaps[me] > 0 && q.lock[position] == 0) {
        Position s = q;
        swap(s.pit[partner], s.pit[at]);
        s.swaps[me]--;
        s.lock[position] = 5;
        passTurn(s);
        consider(s, diff(s) - diff(p));
      }
    }
    passTurn(q);
    consider(q, diff(q) - diff(p));
  }
  memo.put(k, best);
  return best;
}

int main() {
  int cases;
  if (scanf("%d", &cases) != 1) return 1;
  while (cases--) {
    if (scanf("%d", &m) != 1) return 1;
    pits = 2 * m + 2;
    Position start{};
    for (int i = 0; i < pits; i++)
      if (scanf("%d", &start.pit[i]) != 1) return 1;
    start.swaps[YOU] = start.swaps[OPP] = 3;
    start.turn = OPP;
    memo.clear();
    printf("%d\n", diff(start) + solve(start));
  }
  return 0;
}
