/*
 * play_games.c - referees Trilite games between PlayTrilite (ply's engine,
 * through the C interface) and itself or a random player, and checks that
 * every answer is a legal square.
 *
 * Usage: play_games [GAMES] [SEED]
 * Prints one line per game: GAME <mode> <engine seats> <winner> <moves...>
 * (engine seats: 1, 2 or 3 for both; winner 0 for a game stopped at the
 * move limit; moves as squares 0..8). Exits 1 at the first illegal answer.
 */
#include <stdio.h>
#include <stdlib.h>

#include "trilite.h"

#define MAX_PLIES 300

typedef struct {
  int marks[2][3]; /* oldest first */
  int count[2];
} Game;

static const int kLines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                 {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static void show(const Game *game, Board board) {
  int p, i;
  for (i = 0; i < 9; i++) board[i] = kEmpty;
  for (p = 0; p < 2; p++) {
    for (i = 0; i < game->count[p]; i++) {
      int vanishing = game->count[p] == 3 && i == 0;
      board[game->marks[p][i]] = (PositionValue)(2 * p + vanishing);
    }
  }
}

/* Places a mark for player p (0 or 1); returns 1 if p now holds a line. */
static int place(Game *game, int p, int square) {
  int i, l, held;
  if (game->count[p] == 3) {
    game->marks[p][0] = game->marks[p][1];
    game->marks[p][1] = game->marks[p][2];
    game->marks[p][2] = square;
  } else {
    game->marks[p][game->count[p]++] = square;
  }
  for (l = 0; l < 8; l++) {
    held = 0;
    for (i = 0; i < game->count[p]; i++) {
      int k;
      for (k = 0; k < 3; k++) held += game->marks[p][i] == kLines[l][k];
    }
    if (held == 3) return 1;
  }
  return 0;
}

static int random_square(const Board board) {
  int empty[9], n = 0, i;
  for (i = 0; i < 9; i++)
    if (board[i] == kEmpty) empty[n++] = i;
  return empty[rand() % n];
}

enum Mode { kSelf, kEngineFirst, kEngineSecond, kBlind, kTakeover };
static const char *kModeNames[] = {"self", "engine-first", "engine-second",
                                   "blind", "takeover"};

/* Plays one game; returns 0 after an illegal answer, else 1. */
static int play(enum Mode mode, int game_number) {
  Game game = {{{0}}, {0, 0}};
  Board board;
  int seats = mode == kSelf ? 3 : mode == kEngineFirst ? 1 : mode == kEngineSecond ? 2 : 1 + (game_number / 10) % 2;
  int takeover = mode == kTakeover ? 2 * (1 + rand() % 4) + (seats == 2) : 0;
  int fresh[2] = {1, 1};
  int moves[MAX_PLIES];
  int previous = kNoPosition, winner = 0, ply, i;
  for (ply = 0; ply < MAX_PLIES && !winner; ply++) {
    int p = ply % 2, square;
    int engine = (seats >> p) & 1 && ply >= takeover;
    show(&game, board);
    if (engine) {
      BoardPosition told = mode == kBlind && !fresh[p] ? kNoPosition : (BoardPosition)previous;
      square = PlayTrilite(board, told, p + 1, (Boolean)fresh[p]);
      fresh[p] = 0;
      if (square < 0 || square > 8 || board[square] != kEmpty) {
        printf("ILLEGAL %s game %d ply %d: engine answered %d\n", kModeNames[mode],
               game_number, ply, square);
        return 0;
      }
    } else {
      square = random_square(board);
    }
    moves[ply] = square;
    if (place(&game, p, square)) winner = p + 1;
    previous = square;
  }
  if (mode == kTakeover) seats |= 4 * takeover; /* report where the engine came in */
  printf("GAME %s %d %d", kModeNames[mode], seats, winner);
  for (i = 0; i < ply; i++) printf(" %d", moves[i]);
  printf("\n");
  return 1;
}

int main(int argc, char **argv) {
  int games = argc > 1 ? atoi(argv[1]) : 1000;
  unsigned seed = argc > 2 ? (unsigned)atoi(argv[2]) : 12345u;
  int g;
  srand(seed);
  /* A null board must not crash: at the start of a game as player 1 the
     board is known to be empty; as player 2 with no opponent move there is
     nothing to go on. */
  g = PlayTrilite(NULL, kNoPosition, 1, 1);
  if (g < 0 || g > 8 || PlayTrilite(NULL, kNoPosition, 2, 1) != kNoPosition) {
    printf("ILLEGAL null board answer\n");
    return 1;
  }
  for (g = 0; g < games; g++) {
    enum Mode mode = g % 10 < 2 ? kSelf : g % 10 < 5 ? kEngineFirst : g % 10 < 8 ? kEngineSecond
                   : g % 10 == 8 ? kBlind : kTakeover;
    if (!play(mode, g)) return 1;
  }
  return 0;
}
