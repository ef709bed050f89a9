// The red-black tree operations behind std::map and std::set, which libstdc++ keeps out of
// line (bits/stl_tree.h): the textbook (Cormen et al.) insertion and deletion fix-ups, over
// nodes that are relinked rather than copied, and the header node's conventions: its parent
// is the root, its left the leftmost node, its right the rightmost, and it is the only red
// node whose grandparent is itself.
#include <bits/stl_tree.h>

namespace std {
namespace {

using Node = _Rb_tree_node_base;

bool isRed(const Node *node) { return node && node->_M_color == _S_red; }

void rotateLeft(Node *x, Node *&root) {
  Node *y = x->_M_right;
  x->_M_right = y->_M_left;
  if (y->_M_left)
    y->_M_left->_M_parent = x;
  y->_M_parent = x->_M_parent;
  if (x == root)
    root = y;
  else if (x == x->_M_parent->_M_left)
    x->_M_parent->_M_left = y;
  else
    x->_M_parent->_M_right = y;
  y->_M_left = x;
  x->_M_parent = y;
}

void rotateRight(Node *x, Node *&root) {
  Node *y = x->_M_left;
  x->_M_left = y->_M_right;
  if (y->_M_right)
    y->_M_right->_M_parent = x;
  y->_M_parent = x->_M_parent;
  if (x == root)
    root = y;
  else if (x == x->_M_parent->_M_right)
    x->_M_parent->_M_right = y;
  else
    x->_M_parent->_M_left = y;
  y->_M_right = x;
  x->_M_parent = y;
}

Node *increment(Node *x) {
  if (x->_M_right) {
    x = x->_M_right;
    while (x->_M_left)
      x = x->_M_left;
    return x;
  }
  Node *y = x->_M_parent;
  while (x == y->_M_right) {
    x = y;
    y = y->_M_parent;
  }
  // From the rightmost node the climb ends at the header, whose parent is the root: when the
  // root is the rightmost node, x is then the header and is already the answer.
  return x->_M_right != y ? y : x;
}

Node *decrement(Node *x) {
  if (x->_M_color == _S_red && x->_M_parent->_M_parent == x)
    return x->_M_right; // the header: end() - 1 is the rightmost node
  if (x->_M_left) {
    Node *y = x->_M_left;
    while (y->_M_right)
      y = y->_M_right;
    return y;
  }
  Node *y = x->_M_parent;
  while (x == y->_M_left) {
    x = y;
    y = y->_M_parent;
  }
  return y;
}

} // namespace

_Rb_tree_node_base *_Rb_tree_increment(_Rb_tree_node_base *x) throw() { return increment(x); }
const _Rb_tree_node_base *_Rb_tree_increment(const _Rb_tree_node_base *x) throw() {
  return increment(const_cast<Node *>(x));
}
_Rb_tree_node_base *_Rb_tree_decrement(_Rb_tree_node_base *x) throw() { return decrement(x); }
const _Rb_tree_node_base *_Rb_tree_decrement(const _Rb_tree_node_base *x) throw() {
  return decrement(const_cast<Node *>(x));
}

void _Rb_tree_insert_and_rebalance(const bool insertLeft, Node *x, Node *p,
                                   Node &header) throw() {
  Node *&root = header._M_parent;
  x->_M_parent = p;
  x->_M_left = nullptr;
  x->_M_right = nullptr;
  x->_M_color = _S_red;
  if (insertLeft) {
    p->_M_left = x; // also makes the header's leftmost x when p is the header
    if (p == &header) {
      header._M_parent = x;
      header._M_right = x;
    } else if (p == header._M_left) {
      header._M_left = x;
    }
  } else {
    p->_M_right = x;
    if (p == header._M_right)
      header._M_right = x;
  }
  while (x != root && x->_M_parent->_M_color == _S_red) {
    Node *grandparent = x->_M_parent->_M_parent;
    if (x->_M_parent == grandparent->_M_left) {
      Node *uncle = grandparent->_M_right;
      if (isRed(uncle)) {
        x->_M_parent->_M_color = _S_black;
        uncle->_M_color = _S_black;
        grandparent->_M_color = _S_red;
        x = grandparent;
      } else {
        if (x == x->_M_parent->_M_right) {
          x = x->_M_parent;
          rotateLeft(x, root);
        }
        x->_M_parent->_M_color = _S_black;
        grandparent->_M_color = _S_red;
        rotateRight(grandparent, root);
      }
    } else {
      Node *uncle = grandparent->_M_left;
      if (isRed(uncle)) {
        x->_M_parent->_M_color = _S_black;
        uncle->_M_color = _S_black;
        grandparent->_M_color = _S_red;
        x = grandparent;
      } else {
        if (x == x->_M_parent->_M_left) {
          x = x->_M_parent;
          rotateRight(x, root);
        }
        x->_M_parent->_M_color = _S_black;
        grandparent->_M_color = _S_red;
        rotateLeft(grandparent, root);
      }
    }
  }
  root->_M_color = _S_black;
}

// Unlinks z and restores the colouring; returns z for the caller to free.
Node *_Rb_tree_rebalance_for_erase(Node *const z, Node &header) throw() {
  Node *&root = header._M_parent;
  Node *&leftmost = header._M_left;
  Node *&rightmost = header._M_right;
  Node *y = z; // the node that leaves its place in the tree
  Node *x = nullptr;
  Node *xParent = nullptr;
  if (!y->_M_left) {
    x = y->_M_right;
  } else if (!y->_M_right) {
    x = y->_M_left;
  } else {
    y = y->_M_right; // z's successor
    while (y->_M_left)
      y = y->_M_left;
    x = y->_M_right;
  }
  if (y != z) {
    // The successor y takes z's place (and colour); x takes y's.
    z->_M_left->_M_parent = y;
    y->_M_left = z->_M_left;
    if (y != z->_M_right) {
      xParent = y->_M_parent;
      if (x)
        x->_M_parent = y->_M_parent;
      y->_M_parent->_M_left = x;
      y->_M_right = z->_M_right;
      z->_M_right->_M_parent = y;
    } else {
      xParent = y;
    }
    if (root == z)
      root = y;
    else if (z->_M_parent->_M_left == z)
      z->_M_parent->_M_left = y;
    else
      z->_M_parent->_M_right = y;
    y->_M_parent = z->_M_parent;
    std::swap(y->_M_color, z->_M_color);
    y = z; // the colour that left the tree is now z's
  } else {
    xParent = y->_M_parent;
    if (x)
      x->_M_parent = y->_M_parent;
    if (root == z)
      root = x;
    else if (z->_M_parent->_M_left == z)
      z->_M_parent->_M_left = x;
    else
      z->_M_parent->_M_right = x;
    if (leftmost == z)
      leftmost = z->_M_right ? _Rb_tree_node_base::_S_minimum(x) : z->_M_parent;
    if (rightmost == z)
      rightmost = z->_M_left ? _Rb_tree_node_base::_S_maximum(x) : z->_M_parent;
  }
  if (y->_M_color != _S_red) {
    while (x != root && !isRed(x)) {
      if (x == xParent->_M_left) {
        Node *w = xParent->_M_right;
        if (isRed(w)) {
          w->_M_color = _S_black;
          xParent->_M_color = _S_red;
          rotateLeft(xParent, root);
          w = xParent->_M_right;
        }
        if (!isRed(w->_M_left) && !isRed(w->_M_right)) {
          w->_M_color = _S_red;
          x = xParent;
          xParent = xParent->_M_parent;
        } else {
          if (!isRed(w->_M_right)) {
            w->_M_left->_M_color = _S_black;
            w->_M_color = _S_red;
            rotateRight(w, root);
            w = xParent->_M_right;
          }
          w->_M_color = xParent->_M_color;
          xParent->_M_color = _S_black;
          if (w->_M_right)
            w->_M_right->_M_color = _S_black;
          rotateLeft(xParent, root);
          break;
        }
      } else {
        Node *w = xParent->_M_left;
        if (isRed(w)) {
          w->_M_color = _S_black;
          xParent->_M_color = _S_red;
          rotateRight(xParent, root);
          w = xParent->_M_left;
        }
        if (!isRed(w->_M_right) && !isRed(w->_M_left)) {
          w->_M_color = _S_red;
          x = xParent;
          xParent = xParent->_M_parent;
        } else {
          if (!isRed(w->_M_left)) {
            w->_M_right->_M_color = _S_black;
            w->_M_color = _S_red;
            rotateLeft(w, root);
            w = xParent->_M_left;
          }
          w->_M_color = xParent->_M_color;
          xParent->_M_color = _S_black;
          if (w->_M_left)
            w->_M_left->_M_color = _S_black;
          rotateRight(xParent, root);
          break;
        }
      }
    }
    if (x)
      x->_M_color = _S_black;
  }
  return y;
}

unsigned int _Rb_tree_black_count(const Node *node, const Node *root) throw() {
  unsigned count = 0;
  for (; node; node = node->_M_parent) {
    if (node->_M_color == _S_black)
      ++count;
    if (node == root)
      break;
  }
  return count;
}

} // namespace std
