# Writes OUT, a C++ source defining `const minimax::EmbeddedFile SYMBOL[]` and its count
# `const std::size_t SYMBOLCount` in namespace NAMESPACE: the files FILES ('|'-separated paths
# under ROOT), each named by its path below ROOT with '/' written "--" (core/embedded.hpp). Files
# the program serves or reads are built into it so that an installed minimax needs no source tree.
# cmake -DROOT=dir -DFILES='a|b' -DOUT=file.cpp -DNAMESPACE=ns -DSYMBOL=kName -P tools/embed_files.cmake
string(REPLACE "|" ";" files "${FILES}")
list(SORT files)
set(arrays "")
set(table "")
set(i 0)
foreach(path IN LISTS files)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" length)
  math(EXPR size "${length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
  file(RELATIVE_PATH name "${ROOT}" "${path}")
  string(REPLACE "/" "--" name "${name}")
  string(APPEND arrays "const unsigned char ${SYMBOL}_${i}[] = {${bytes} 0};\n")
  string(APPEND table "    {\"${name}\", std::string_view(reinterpret_cast<const char*>(${SYMBOL}_${i}), ${size})},\n")
  math(EXPR i "${i} + 1")
endforeach()
if(i EQUAL 0)
  set(table "    {\"\", std::string_view()},\n")
endif()
file(WRITE "${OUT}.tmp"
  "// Generated from ${ROOT} by tools/embed_files.cmake; do not edit.\n"
  "#include <cstddef>\n"
  "#include \"core/embedded.hpp\"\n"
  "namespace ${NAMESPACE} {\n"
  "namespace {\n${arrays}}  // namespace\n"
  "extern const minimax::EmbeddedFile ${SYMBOL}[];\n"
  "extern const std::size_t ${SYMBOL}Count;\n"
  "const minimax::EmbeddedFile ${SYMBOL}[] = {\n${table}};\n"
  "const std::size_t ${SYMBOL}Count = ${i};\n"
  "}\n")
file(RENAME "${OUT}.tmp" "${OUT}")
