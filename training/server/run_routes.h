// run_routes.h — the routes of `bughouse serve --run DIR` (training/server/README.md
// "Replays"): the replays page, the run's generations, a page of a generation's matches,
// and one match as replay JSON. Everything is read from the disk at each request, through
// the run library alone (run_library.h), so the browser reaches nothing but the run's
// listed record files.
#pragma once

#include <optional>
#include <string_view>

#include "training/server/http_routes.h"
#include "training/server/run_library.h"

namespace bh::server {

// The answer when `path` is one of the run's routes (`/replays`, `/api/run...`), else
// nullopt. Without a run (`run` null) `GET /api/run` says so and the others are 404s.
std::optional<HttpResponse> respond_run(const HttpRequest& request, std::string_view path, const RunLibrary* run);

}  // namespace bh::server
