// tree.cpp — node and edge arrays, and the copying reroot that keeps them compact.
#include "mcts/tree.h"

#include <cassert>
#include <utility>

namespace bh {

void Tree::clear() {
  nodes_.clear();
  edges_.clear();
  nodes_.emplace_back();
}

NodeIndex Tree::add_node() {
  nodes_.emplace_back();
  return NodeIndex(nodes_.size() - 1);
}

std::uint32_t Tree::add_edges(std::uint16_t n) {
  const auto first = std::uint32_t(edges_.size());
  edges_.resize(edges_.size() + n);
  return first;
}

void Tree::reroot(NodeIndex new_root, bool flip_root_value) {
  assert(new_root < nodes_.size());
  spare_nodes_.clear();
  spare_edges_.clear();
  queue_.clear();
  spare_nodes_.push_back(nodes_[new_root]);
  queue_.emplace_back(new_root, kRoot);
  // Breadth-first copy: each copied node's edges are copied as one run, and its children
  // are appended and queued.
  for (std::size_t head = 0; head < queue_.size(); ++head) {
    const auto [from, to] = queue_[head];
    const Node& old = nodes_[from];
    assert(old.in_flight == 0 && old.status != NodeStatus::Pending);
    const auto first = std::uint32_t(spare_edges_.size());
    spare_nodes_[to].first_edge = first;
    for (std::uint32_t e = 0; e < old.num_edges; ++e) {
      Edge edge = edges_[old.first_edge + e];
      if (edge.child != kNoChild) {
        const auto copy = NodeIndex(spare_nodes_.size());
        spare_nodes_.push_back(nodes_[edge.child]);
        queue_.emplace_back(edge.child, copy);
        edge.child = copy;
      }
      spare_edges_.push_back(edge);
    }
  }
  if (flip_root_value) spare_nodes_[kRoot].value_sum = -spare_nodes_[kRoot].value_sum;
  std::swap(nodes_, spare_nodes_);
  std::swap(edges_, spare_edges_);
}

std::size_t Tree::memory_bytes() const {
  return (nodes_.capacity() + spare_nodes_.capacity()) * sizeof(Node) +
         (edges_.capacity() + spare_edges_.capacity()) * sizeof(Edge) +
         queue_.capacity() * sizeof(queue_[0]);
}

}  // namespace bh
