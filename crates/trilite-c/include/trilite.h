/*
 * trilite.h - the PlayTrilite interface of ply's perfect Trilite engine
 * (the Programmer's Challenge of February 2001).
 *
 * Link with libply_trilite_c.a (plus -lpthread -ldl -lm on Linux) or the
 * shared libply_trilite_c.so / .dylib built by `cargo build -p ply-trilite-c`.
 *
 * The engine keeps its own record of each game, one per player number, so
 * two copies may play each other in one process. It checks every board it
 * is given against that record; a board that cannot follow from it is
 * re-read as well as the board allows, and the answer is still a legal
 * (empty) square. The first call solves the game (about 20 ms); later
 * answers take well under a microsecond. Calls are serialised internally.
 */
#ifndef PLY_TRILITE_H
#define PLY_TRILITE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { /* numbering system for Board positions */
  kNoPosition = -1,
  kTopLeft = 0, kTopCenter, kTopRight,
  kCenterLeft, kCenter, kCenterRight,
  kBottomLeft, kBottomCenter, kBottomRight
} BoardPosition;

typedef enum { /* possible values for a Board Position */
  kEmpty = -1,
  kPlayer1Staying = 0, kPlayer1Disappearing,
  kPlayer2Staying, kPlayer2Disappearing
} PositionValue;

typedef PositionValue Board[9]; /* state of the Board */

#ifndef PLY_TRILITE_NO_BOOLEAN
typedef unsigned char Boolean; /* as in the Macintosh headers: 0 is false */
#endif

/*
 * Returns the square to occupy: 0..8, kEmpty on triliteBoard (a value
 * outside kEmpty and the four marks counts as occupied). Returns
 * kNoPosition only if no square is empty, or if triliteBoard is NULL and
 * the record (or, with newGame, the empty board) and opponentPreviousPlay
 * do not give a position to move in.
 *
 * triliteBoard: the current board (a player's oldest mark is
 *   "Disappearing" once that player holds three).
 * opponentPreviousPlay: the square the opponent just occupied, or
 *   kNoPosition on the first move of the game.
 * playerNumber: 1 for the player who moved first, 2 for the other.
 * newGame: true on the first call of each game.
 */
BoardPosition PlayTrilite(const Board triliteBoard,
                          BoardPosition opponentPreviousPlay,
                          int playerNumber,
                          Boolean newGame);

#ifdef __cplusplus
}
#endif

#endif /* PLY_TRILITE_H */
