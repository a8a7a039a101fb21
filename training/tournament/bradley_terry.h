// bradley_terry.h — ratings of every entrant from all games by maximum likelihood, as
// Ordo and BayesElo do: the logistic (Bradley-Terry) model on the Elo scale, a draw
// counted as half a win and half a loss, anchored so that one named entrant has a given
// rating; 95% intervals from the curvature of the likelihood (the inverse of the
// observed information with the anchor fixed).
#pragma once

#include <array>
#include <vector>

#include "training/tournament/standings.h"

namespace bh {

struct Rating {
  double elo = 0;
  double low = 0, high = 0;  // 95% interval; the anchor's is [elo, elo]
  int games = 0;
};

struct RatingOptions {
  int anchor = 0;             // the entrant whose rating is fixed
  double anchor_elo = 0;
  // A weak prior (this many draws of every entrant but the anchor against a virtual
  // entrant at the anchor's rating) keeps entrants that won or lost everything finite, as
  // Ordo's/BayesElo's priors do. 0 is the plain maximum likelihood.
  double prior_draws = 1.0;
};

// Entrants never connected to the anchor by games get a rating equal to the anchor's and
// an infinite interval (low = -inf, high = +inf). `games` counts real games only. Throws
// std::invalid_argument for a bad game (check_games), an anchor outside the field or a
// negative prior, and std::domain_error when prior_draws is 0 and part of the anchor's
// component won or lost every game against the rest (no finite maximum).
std::vector<Rating> bradley_terry(int entrants, const std::vector<GameResult>& games,
                                  const RatingOptions& options = {});

// A match between teams of two: the ratings of players from team results, a team as
// strong as the mean of its two players' ratings (so a player holding both seats of its
// team is rated as in a game between two players).
struct TeamGameResult {
  std::array<int, 2> home{}, away{};  // players
  double home_score = 0.5;
};
std::vector<Rating> bradley_terry_teams(int players, const std::vector<TeamGameResult>& games,
                                        const RatingOptions& options = {});

}  // namespace bh
