// draw_agreement.cpp — who agreed, and a computer's answer from its search's value.
#include "training/live/draw_agreement.h"

#include <algorithm>
#include <cstdio>

namespace bh {

bool DrawAgreement::offered() const { return std::find(agreed_.begin(), agreed_.end(), true) != agreed_.end(); }

std::vector<Seat> DrawAgreement::seats() const {
  std::vector<Seat> out;
  for (int s = 0; s < kSeats; ++s)
    if (agreed_[std::size_t(s)]) out.push_back(Seat(s));
  return out;
}

std::string DrawAgreement::people_to_agree(const std::array<bool, kSeats>& person) const {
  std::string names;
  for (int s = 0; s < kSeats; ++s)
    if (person[std::size_t(s)] && !agreed_[std::size_t(s)])
      names += (names.empty() ? "" : ", ") + std::string(seat_name(Seat(s)));
  return names;
}

void DrawAgreement::judge(Seat s, const SearchResult* search) {
  if (search) judged_[s] = value_for(team_of(s), team_of(search->seat), search->value);
}

std::string DrawAgreement::computer_declines(Seat s) const {
  if (!judged_[s] || search_accepts_draw(*judged_[s])) return "";
  char buf[96];
  std::snprintf(buf, sizeof buf, "declines the draw (its search rates the match %+.2f for its team)", *judged_[s]);
  return buf;
}

}  // namespace bh
