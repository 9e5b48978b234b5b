// A finished game's replay steps (GET /api/games/{id}/replay) as the replay page shows
// them: pure, so that it is tested without a page.

/**
 * Each step as a frame: the board, hands, bag and scores the server sent, what each seat
 * gained by that step, and the tile laid last so far (the latest "play", read by the
 * game's own `placementOf`), which the board marks.
 */
export function framesOf(steps, placementOf) {
  let lastPlaced = null;
  return steps.map((step, index) => {
    if (step.event?.action === "play") lastPlaced = placementOf(step.event);
    const before = index ? steps[index - 1].scores : step.scores;
    return {
      board: step.board,
      lastPlaced,
      hands: step.hands,
      bag: step.bag,
      scores: step.scores,
      current: step.current,
      gained: step.scores.map((score, seat) => score - before[seat]),
      event: step.event,
    };
  });
}
