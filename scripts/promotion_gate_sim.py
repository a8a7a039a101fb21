#!/usr/bin/env python3
"""promotion_gate_sim.py: how often each promotion rule lets a run's player fall.

A model of the README hour's promotion (training/loop/promotion.h), to choose the rule
before spending hours of runs on it (training/loop/README.md "Experiments": the pooled
bar). Each generation's net has a true score p against the tactical evaluator: generation
0 plays as it (50%), generation g draws p around a line rising from 62% by --rise over the
run, with spread --spread. A net is promoted when it wins 7 of 12 matches against the
player (promote_score 0.55; the two nets' match score follows from their Elo against the
tactical evaluator), then scores its 100 promotion matches no lower than the bar less the
margin. A promoted net plays --fresh matches more; the bar is their score alone ("fresh")
or its score over all 100 + fresh ("pooled"); with "keep K" the held player also plays K
matches a generation, which join its bar. At the end every player is measured on 200
matches, as the fall check of the experiments does: the run "falls" when a player after
generation 3 scores below an earlier one by more than the 95% interval of the difference.

Prints, per rule: how many runs fell, the last player's true score, the promotions a run
made, and the best true score among the run's nets. Python's standard library only.

    python3 scripts/promotion_gate_sim.py [--runs 2000] [--rise 0.08] [--spread 0.03]
"""
import argparse
import math
import random

RULES = {  # name: (bar, lead over the bar a promotion needs, matches the held player adds a generation)
    "fresh, margin 0 (before)": ("fresh", 0.00, 0),
    "fresh, lead 0.04": ("fresh", 0.04, 0),
    "pooled, margin 0": ("pooled", 0.00, 0),
    "pooled, lead 0.02": ("pooled", 0.02, 0),
    "pooled, lead 0.04 (shipped)": ("pooled", 0.04, 0),
    "pooled, lead 0.06": ("pooled", 0.06, 0),
    "pooled, lead 0.04, keep 10": ("pooled", 0.04, 10),
    "pooled, lead 0.04, keep 20": ("pooled", 0.04, 20),
    "pooled, lead 0.02, keep 20": ("pooled", 0.02, 20),
    "fresh, lead 0.04, keep 20": ("fresh", 0.04, 20),
}


def elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def expected(elo_difference):
    return 1 / (1 + 10 ** (-elo_difference / 400))


def score(rng, matches, p):
    return sum(rng.random() < p for _ in range(matches)) / matches


def one_run(rng, bar_kind, lead, keep, args):
    n = args.generations
    p = [0.5] + [min(0.95, max(0.05, 0.62 + args.rise * g / n + rng.gauss(0, args.spread))) for g in range(1, n + 1)]
    player, points, games, players = 0, 0.5, 1, [0]  # the bar is points / games
    for g in range(1, n + 1):
        if player > 0 and keep > 0:  # the held player's matches this generation join its bar
            points, games = points + keep * score(rng, keep, p[player]), games + keep
        if score(rng, 12, expected(elo(p[g]) - elo(p[player]))) < 0.55:
            continue
        promoted_on = score(rng, 100, p[g])
        if promoted_on < points / games + lead - 1e-9:
            continue
        player = g
        players.append(g)
        fresh = args.fresh * score(rng, args.fresh, p[g])
        points, games = (fresh, args.fresh) if bar_kind == "fresh" else (100 * promoted_on + fresh, 100 + args.fresh)
    measured = [score(rng, 200, p[x]) for x in players]
    fell = any(
        players[j] > 3 and measured[i] - measured[j] > 1.96 * math.sqrt((measured[i] * (1 - measured[i]) + measured[j] * (1 - measured[j])) / 200)
        for i in range(len(players)) for j in range(i + 1, len(players)))
    return fell, p[player], len(players) - 1, max(p[1:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=2000, help="simulated runs per rule [2000]")
    parser.add_argument("--generations", type=int, default=40, help="generations a run [40]")
    parser.add_argument("--rise", type=float, default=0.08, help="rise of the nets' true score over the run [0.08]")
    parser.add_argument("--spread", type=float, default=0.03, help="spread of a net's true score about the line [0.03]")
    parser.add_argument("--fresh", type=int, default=80, help="fresh matches of a promoted net [80]")
    parser.add_argument("--seed", type=int, default=7, help="random seed [7]")
    args = parser.parse_args()
    print(f"{'rule':30} {'fell':>7} {'last player':>12} {'promotions':>11} {'best net':>9}")
    for name, (bar_kind, lead, keep) in RULES.items():
        rng = random.Random(args.seed)
        runs = [one_run(rng, bar_kind, lead, keep, args) for _ in range(args.runs)]
        mean = lambda k: sum(r[k] for r in runs) / len(runs)
        print(f"{name:30} {100 * mean(0):6.1f}% {100 * mean(1):11.1f}% {mean(2):11.1f} {100 * mean(3):8.1f}%")


if __name__ == "__main__":
    main()
