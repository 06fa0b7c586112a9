//===- cosmo/frontend/ParameterShapes.h - what a parameter points to -*- C++ -*-===//
//
// The inputs a C programmer means when calling a function (issue 44): a
// `char *` with no length is a NUL-terminated string, a pointer whose
// accesses an integer parameter bounds is an array of that many elements,
// another pointer is one valid object, a scalar takes every value of its
// type. Read from the function's IR (which integer bounds the indices of
// which pointer) and its debug information (char types, parameter names).
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_FRONTEND_PARAMETERSHAPES_H
#define COSMO_FRONTEND_PARAMETERSHAPES_H

#include <llvm/IR/Function.h>

#include <string>
#include <vector>

namespace cosmo::frontend {

struct ParameterShape {
  enum class Kind {
    Scalar, ///< not a pointer: every value of its type
    String, ///< a char pointer with no length, const or only read: a
            ///< NUL-terminated string
    Array,  ///< a pointer with a length parameter: that many elements
    Object, ///< another data pointer: one object (or a few elements)
    Opaque, ///< a function pointer or a struct passed by value
  };
  Kind kind = Kind::Scalar;
  /// Array: the index of the integer parameter that counts its elements.
  int lengthParam = -1;
  /// Array: how the pairing was found ("bounds the indices" or "named").
  std::string why;
};

/// One shape per parameter of `f`, in order.
std::vector<ParameterShape> parameterShapesOf(const llvm::Function &f);

/// "scalar", "string", "array", "object", "opaque".
const char *shapeKindName(ParameterShape::Kind k);

} // namespace cosmo::frontend

#endif // COSMO_FRONTEND_PARAMETERSHAPES_H
